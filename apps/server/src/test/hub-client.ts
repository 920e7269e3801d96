import { WebSocket } from 'ws';

/** A socket on a hub that keeps every message it receives, for tests. */
export interface HubListener {
  messages: { event: string; payload: Record<string, unknown> }[];
  /** Resolves with the first message (already received or coming) that `match` accepts. */
  next(match: (m: { event: string; payload: Record<string, unknown> }) => boolean, timeoutMs?: number): Promise<{ event: string; payload: Record<string, unknown> }>;
  close(): void;
}

/** Opens a hub at `baseUrl` with a token; rejects with the HTTP status when the upgrade is refused. */
export function openHub(baseUrl: string, token: string | null, path = '/hubs/teamLeader'): Promise<HubListener> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}${token ? `?access_token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: HubListener['messages'] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (raw) => {
      messages.push(JSON.parse(String(raw)));
      for (const w of waiters.splice(0)) w();
    });
    ws.on('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        messages,
        next(match, timeoutMs = 5000) {
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no matching hub message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
            const check = () => {
              const found = messages.find(match);
              if (found) {
                clearTimeout(timer);
                res(found);
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => ws.close(),
      }),
    );
  });
}
