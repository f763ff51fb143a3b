// The graphql-ws connection for subscriptions: the token from storage at every (re)connect, retries for ever with
// back-off (a gateway restart, 1013 Try Again Later, a dropped network, and, through apollo-client.ts, the server
// errors graphql-ws itself gives up on), and what the navbar's dot shows.
// A refusal (4403: the token no longer works) is retried once, because another tab may be changing the password:
// the gateway ends the old token's sockets as soon as the change is made, which can be before that tab has stored
// the new token. So the retry waits until a token other than the refused one is stored (at most a few seconds),
// and only a second refusal ends the session. A refusal while this tab is itself changing the session (a password
// change in flight) waits for that change and is not counted.
//
// graphql-ws itself is loaded with the first subscription, not with the app: the first screen does without it, and
// the phone that downloads the app waits 3.3 KB gzip less for it (bench/README.md: web.initial_js_gzip_kb).
import type { Client, ClientOptions } from 'graphql-ws';

export type SocketState = 'connecting' | 'online' | 'offline';

/** Close code a client may use for itself (4000–4999 are free for applications): reconnect with a fresh token. */
const CLIENT_RESTART = 4205;
/** graphql-ws's CloseCode.Forbidden: the gateway refused the token. */
const FORBIDDEN = 4403;
/**
 * Closes graphql-ws gives up on for good (its subscriptions end with an error) although a server error is
 * usually passing: 1011 Internal Error and 4500 Internal Server Error. The app's subscriptions are started again
 * (apollo-client.ts) with the same back-off, and the reconnection after them catches up like any other.
 */
export const RETRIED_SERVER_ERRORS = [1011, 4500] as const;

/** Whether an error a subscription ended with is one of those closes (as Apollo's socket link words it). */
export function isRetriedServerError(error: unknown): boolean {
  const match = error instanceof Error ? /^Socket closed with event (\d+)/.exec(error.message) : null;
  return !!match && (RETRIED_SERVER_ERRORS as readonly number[]).includes(Number(match[1]));
}
const MAX_RETRY_DELAY_MS = 30_000;
/** How long a refused socket waits for another tab to store its new token before trying the old one once more. */
export const REFUSAL_GRACE_MS = 3000;

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
  /** Listens for a token stored here or by another tab; answers the function that stops listening. */
  onTokenStored?(listener: () => void): () => void;
  /** Only for tests: a WebSocket implementation where the environment has none. */
  webSocketImpl?: unknown;
}

const isCloseEvent = (value: unknown): value is { code: number } =>
  typeof value === 'object' &&
  value !== null &&
  'code' in value &&
  typeof (value as { code: unknown }).code === 'number';

/**
 * 1 s, 2 s, 4 s … up to 30 s, with up to a second of jitter so that a restarted gateway is not hit by everyone at once.
 */
export function retryDelayMs(retries: number, random = Math.random): number {
  return Math.min(1000 * 2 ** retries, MAX_RETRY_DELAY_MS) + Math.floor(random() * 1000);
}

export function createShopSocket(options: ShopSocketOptions): ShopSocket {
  let state: SocketState = 'offline';
  let openSocket: WebSocket | undefined;
  let refusals = 0;
  let reconnectNow = false;
  /** The token the current (or last) connection offered. */
  let offeredToken: string | null = null;
  /** Set after a first refusal while that token is still the stored one: the retry waits for a new one. */
  let refusedToken: string | null | undefined;
  let lastJudged: { errorOrClose: unknown; retry: boolean } | undefined;
  /** The last close was one graphql-ws gave up on: the connection after it is a reconnection all the same. */
  let gaveUp = false;
  const listeners = new Set<() => void>();
  const setState = (next: SocketState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const client = loadedOnFirstUse({
    url: options.url,
    lazy: true,
    ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
    connectionParams: () => {
      const token = options.readToken();
      offeredToken = token;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: Infinity,
    shouldRetry: (errorOrClose) => {
      // graphql-ws asks once for every open subscription about the same close (the app keeps two): judged twice,
      // one refusal would count as the two that end the session.
      if (lastJudged && lastJudged.errorOrClose === errorOrClose) return lastJudged.retry;
      const retry = shouldRetryAfter(errorOrClose);
      lastJudged = { errorOrClose, retry };
      return retry;
    },
    retryWait: async (retries) => {
      await options.pendingSessionChange?.();
      if (refusedToken !== undefined) {
        const refused = refusedToken;
        refusedToken = undefined;
        await tokenOtherThan(refused, REFUSAL_GRACE_MS);
        return;
      }
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
        if (wasRetry || gaveUp) options.onReconnected();
        gaveUp = false;
      },
      closed: (event) => {
        openSocket = undefined;
        if (isCloseEvent(event) && (RETRIED_SERVER_ERRORS as readonly number[]).includes(event.code)) gaveUp = true;
        setState('offline');
      },
    },
  });

  /** Whether to connect again after this close or error, and when (see retryWait). */
  function shouldRetryAfter(errorOrClose: unknown): boolean {
    if (isCloseEvent(errorOrClose) && errorOrClose.code === FORBIDDEN) {
      if (options.pendingSessionChange?.()) {
        reconnectNow = true;
        return true;
      }
      refusals += 1;
      const stored = options.readToken();
      if (refusals > 1 || !stored) {
        refusals = 0;
        options.onRefused();
        return false;
      }
      // A new token is already stored: try it now. The same one: give the tab that changed it time to store its own.
      if (stored !== offeredToken) reconnectNow = true;
      else refusedToken = offeredToken;
    }
    if (isCloseEvent(errorOrClose) && errorOrClose.code === CLIENT_RESTART) reconnectNow = true;
    return true;
  }

  /** Resolves once the stored token is not `refused` any more, or after `graceMs` whatever is stored. */
  function tokenOtherThan(refused: string | null, graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      let stopListening = () => {};
      const done = () => {
        clearTimeout(timer);
        stopListening();
        resolve();
      };
      const timer = setTimeout(done, graceMs);
      stopListening =
        options.onTokenStored?.(() => {
          if (options.readToken() !== refused) done();
        }) ?? stopListening;
      // Stored between the refusal and now.
      if (options.readToken() !== refused) done();
    });
  }

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

/**
 * A graphql-ws client that loads graphql-ws, and makes the real client, at its first subscription. Until then there
 * is nothing to connect: the real client is lazy too (it connects on its first subscription).
 */
function loadedOnFirstUse(clientOptions: ClientOptions): Client {
  let loaded: Promise<Client> | undefined;
  let client: Client | undefined;
  const load = () =>
    (loaded ??= import('graphql-ws').then(
      ({ createClient }) => (client = createClient(clientOptions)),
      (error: unknown) => {
        // Not loaded (the network dropped): the next subscription tries again.
        loaded = undefined;
        throw error;
      },
    ));
  return {
    subscribe(payload, sink) {
      if (client) return client.subscribe(payload, sink);
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      load().then(
        (ready) => {
          if (!cancelled) unsubscribe = ready.subscribe(payload, sink);
        },
        (error: unknown) => sink.error(error),
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    async *iterate(payload) {
      yield* (await load()).iterate(payload);
    },
    on(event, listener) {
      let off: (() => void) | undefined;
      let stopped = false;
      load().then(
        (ready) => {
          if (!stopped) off = ready.on(event, listener);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        off?.();
      };
    },
    dispose: () => client?.dispose(),
    terminate: () => client?.terminate(),
  };
}
