/**
 * A minimal HTTP/1.1 client for the paced phases: one keep-alive socket per user, a request written as one
 * buffer, the answer read by its Content-Length. Like autocannon's own client, it leaves out what `node:http`
 * builds for every request (agents, header objects, streams), so the load generator's own work and garbage do
 * not lengthen the latencies it measures. It expects what the API sends: a Content-Length on every answer.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export class RawHttpUser {
  private socket: Socket | null = null;
  private chunks: Buffer[] = [];
  private pending: { resolve(a: Answer): void; reject(e: Error): void; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly port: number,
    private readonly token: string,
  ) {}

  /** One POST with a JSON body, bounded by a 10 s timeout; one request at a time per user. */
  post(path: string, body: unknown): Promise<Answer> {
    return this.withBody('POST', path, body);
  }

  /** One PUT with a JSON body, like `post`. */
  put(path: string, body: unknown): Promise<Answer> {
    return this.withBody('PUT', path, body);
  }

  private withBody(method: string, path: string, body: unknown): Promise<Answer> {
    const payload = JSON.stringify(body);
    return this.send(`${method} ${path}`, `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
  }

  /** One GET, like `post`. */
  get(path: string): Promise<Answer> {
    return this.send(`GET ${path}`, '\r\n');
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private send(requestLine: string, rest: string): Promise<Answer> {
    if (this.pending) return Promise.reject(new Error('a request is already in flight'));
    const head = `${requestLine} HTTP/1.1\r\nhost: 127.0.0.1:${this.port}\r\nauthorization: Bearer ${this.token}\r\n`;
    const socket = this.socket ?? this.open();
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('timeout')), 10_000);
      this.pending = { resolve, reject, timer };
      socket.write(head + rest);
    });
  }

  private open(): Socket {
    const socket = connect({ host: '127.0.0.1', port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.fail(new Error('connection closed'));
    });
    this.socket = socket;
    return socket;
  }

  private onData(chunk: Buffer) {
    this.chunks.push(chunk);
    const all = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
    const end = all.indexOf(HEAD_END);
    if (end < 0) return;
    const head = all.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) return this.fail(new Error('answer without content-length'));
    if (all.length < end + 4 + length) {
      this.chunks = [all];
      return;
    }
    this.chunks = [];
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    clearTimeout(p.timer);
    p.resolve({ status: Number(head.slice(9, 12)), body: all.toString('utf8', end + 4, end + 4 + length) });
  }

  private fail(e: Error) {
    const p = this.pending;
    this.pending = null;
    this.chunks = [];
    if (!p) return;
    clearTimeout(p.timer);
    this.close();
    p.reject(e);
  }
}
