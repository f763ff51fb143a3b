// The graphql-ws connection for subscriptions: the token from storage at every (re)connect, retries for ever with
// back-off (a gateway restart, 1013 Try Again Later, a dropped network), and what the navbar's dot shows.
// A refusal (4403: the token no longer works) is retried once, because another tab may have changed the password
// and stored a new token meanwhile; a second refusal ends the session. A refusal while this tab is itself changing
// the session (a password change in flight) waits for that change and is not counted.
import { CloseCode, createClient, type Client } from 'graphql-ws';

export type SocketState = 'connecting' | 'online' | 'offline';

/** Close code a client may use for itself (4000–4999 are free for applications): reconnect with a fresh token. */
const CLIENT_RESTART = 4205;
const MAX_RETRY_DELAY_MS = 30_000;

export interface ShopSocket {
  client: Client;
  state(): SocketState;
  /** Listens to state changes; answers the function that stops listening. */
  subscribe(listener: () => void): () => void;
  /** Reconnects now, with the token now in storage (another tab logged in as someone else). */
  restart(): void;
}

export interface ShopSocketOptions {
  url: string;
  readToken(): string | null;
  /** The gateway refused the token twice: the session is over. */
  onRefused(): void;
  /** A change of session this tab is making (its new token is on the way): a refusal meanwhile waits for it. */
  pendingSessionChange?(): Promise<unknown> | undefined;
  /** Connected again after a drop: events of the outage were lost, so what is on screen must catch up. */
  onReconnected(): void;
  /** Only for tests: a WebSocket implementation where the environment has none. */
  webSocketImpl?: unknown;
}

const isCloseEvent = (value: unknown): value is { code: number } =>
  typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';

/** 1 s, 2 s, 4 s … up to 30 s, with up to a second of jitter so that a restarted gateway is not hit by everyone at once. */
export function retryDelayMs(retries: number, random = Math.random): number {
  return Math.min(1000 * 2 ** retries, MAX_RETRY_DELAY_MS) + Math.floor(random() * 1000);
}

export function createShopSocket(options: ShopSocketOptions): ShopSocket {
  let state: SocketState = 'offline';
  let openSocket: WebSocket | undefined;
  let refusals = 0;
  let reconnectNow = false;
  const listeners = new Set<() => void>();
  const setState = (next: SocketState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const client = createClient({
    url: options.url,
    lazy: true,
    ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
    connectionParams: () => {
      const token = options.readToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: Infinity,
    shouldRetry: (errorOrClose) => {
      if (isCloseEvent(errorOrClose) && errorOrClose.code === CloseCode.Forbidden) {
        if (options.pendingSessionChange?.()) {
          reconnectNow = true;
          return true;
        }
        refusals += 1;
        if (refusals > 1 || !options.readToken()) {
          refusals = 0;
          options.onRefused();
          return false;
        }
        reconnectNow = true;
      }
      if (isCloseEvent(errorOrClose) && errorOrClose.code === CLIENT_RESTART) reconnectNow = true;
      return true;
    },
    retryWait: async (retries) => {
      await options.pendingSessionChange?.();
      const delay = reconnectNow ? 0 : retryDelayMs(retries);
      reconnectNow = false;
      await new Promise((resolve) => setTimeout(resolve, delay));
    },
    on: {
      connecting: () => setState('connecting'),
      connected: (socket, _payload, wasRetry) => {
        openSocket = socket as WebSocket;
        refusals = 0;
        setState('online');
        if (wasRetry) options.onReconnected();
      },
      closed: () => {
        openSocket = undefined;
        setState('offline');
      },
    },
  });

  return {
    client,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart() {
      if (openSocket?.readyState === 1) openSocket.close(CLIENT_RESTART, 'Client Restart');
    },
  };
}
