import { HUB_MANUAL_RECONNECT_MS, HUB_RECONNECT_DELAYS_MS, isHubMessage, type HubMessage } from '@sm/shared';
import { getToken } from './token-store';

export type HubState = 'connecting' | 'online' | 'offline';

export interface HubConnection {
  /** Tries at once, whatever the schedule says (the "Reconnect" button). */
  reconnectNow(): void;
  close(): void;
}

/**
 * A socket on a hub (spec platform 4.7) that keeps itself connected: after a lost connection it tries again
 * after 0, 2, 10 and 30 seconds, then reports offline and tries every two minutes, or when asked. Each attempt
 * takes the current access token, so a refreshed token is used and an expired one (close code 4001) is
 * replaced. Messages that are not hub events are ignored.
 */
export function connectHub(path: string, on: { message(m: HubMessage): void; state(s: HubState): void }): HubConnection {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const schedule = () => {
    clearTimeout(timer);
    if (closed) return;
    const delay = HUB_RECONNECT_DELAYS_MS[failures];
    failures++;
    if (delay === undefined) {
      on.state('offline');
      timer = setTimeout(open, HUB_MANUAL_RECONNECT_MS);
    } else {
      on.state('connecting');
      timer = setTimeout(open, delay);
    }
  };

  function open() {
    clearTimeout(timer);
    if (closed) return;
    const token = getToken();
    if (!token) return schedule();
    const url = new URL(path, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('access_token', token);
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      failures = 0;
      on.state('online');
    };
    ws.onmessage = (e) => {
      try {
        const parsed: unknown = JSON.parse(String(e.data));
        if (isHubMessage(parsed)) on.message(parsed);
      } catch {
        // not JSON: not ours to read
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      schedule();
    };
  }

  on.state('connecting');
  open();
  return {
    reconnectNow() {
      failures = 0;
      if (socket) return;
      on.state('connecting');
      open();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}

/** Events that arrive together (a clock-in sends two) cause one read, not several. */
const COALESCE_MS = 250;

/**
 * A hub whose every event is a hint to read something again: events that arrive together cause one `refresh`, and each
 * connection made refreshes too, for the events sent before it was open: the page's first read runs while the socket
 * opens, and a change made between the two would otherwise never show. `state` hears the connection's.
 */
export function connectRefreshingHub(path: string, refresh: () => void, state?: (s: HubState) => void): HubConnection {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, COALESCE_MS);
  };
  const hub = connectHub(path, {
    message: later,
    state: (next) => {
      state?.(next);
      if (next === 'online') later();
    },
  });
  return {
    reconnectNow: () => hub.reconnectNow(),
    close() {
      clearTimeout(timer);
      hub.close();
    },
  };
}
