// Waiting on what a socket (or anything asynchronous) delivers: explicit deadlines instead of sleeps, and one
// subscription's events taken in the order they came.
import { createHmac } from 'node:crypto';
import type { GraphQLFormattedError } from 'graphql';
import type { Client, FormattedExecutionResult } from 'graphql-ws';

/** Generous: an event that has not come by then is not coming. */
export const WAIT_MS = 10_000;

/** The promise, or a failure naming `what` when it has not settled within WAIT_MS. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${WAIT_MS} ms`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type SocketEvent = FormattedExecutionResult<any, unknown>;

/** One operation on a socket, its events taken one at a time, in the order they came. */
export interface Feed {
  /** The next event; fails when none comes in time or the server ended the operation. */
  next(): Promise<SocketEvent>;
  /** The next event that matches (others are passed over), or undefined when none came within `waitMs`. */
  nextMatching(matches: (event: SocketEvent) => boolean, waitMs?: number): Promise<SocketEvent | undefined>;
  /** The errors the server refused the operation with; fails if it answered an event instead. */
  refusal(): Promise<readonly GraphQLFormattedError[]>;
  stop(): void;
}

export function listen(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
  extensions?: Record<string, unknown>,
): Feed {
  const events: SocketEvent[] = [];
  let ended: { errors: unknown } | undefined;
  let wake = () => {};
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  const stop = client.subscribe(
    { query, variables, ...(extensions ? { extensions } : {}) },
    {
      next: (event) => {
        events.push(event);
        wake();
      },
      error: (errors) => {
        ended = { errors };
        wake();
      },
      complete: () => {
        ended ??= { errors: undefined };
        wake();
      },
    },
  );
  const endedInstead = () => new Error(`the operation ended instead: ${JSON.stringify(ended?.errors)}`);
  return {
    next: () =>
      within(
        (async () => {
          for (;;) {
            const event = events.shift();
            if (event) return event;
            if (ended) throw endedInstead();
            await changed();
          }
        })(),
        `an event of ${query.slice(0, 60)}`,
      ),
    async nextMatching(matches, waitMs = WAIT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), waitMs)));
      try {
        for (;;) {
          const event = events.shift();
          if (event && matches(event)) return event;
          if (event) continue;
          if (ended) throw endedInstead();
          if ((await Promise.race([changed(), timedOut])) === 'timeout') return undefined;
        }
      } finally {
        clearTimeout(timer);
      }
    },
    refusal: () =>
      within(
        (async () => {
          for (;;) {
            if (events.length > 0) throw new Error(`the operation was executed: ${JSON.stringify(events[0])}`);
            if (ended) {
              if (!Array.isArray(ended.errors))
                throw new Error(`the operation ended without errors: ${String(ended.errors)}`);
              return ended.errors as GraphQLFormattedError[];
            }
            await changed();
          }
        })(),
        `a refusal of ${query.slice(0, 60)}`,
      ),
    stop,
  };
}

/** A query over the socket, answered once. */
export async function ask(client: Client, query: string): Promise<SocketEvent> {
  const feed = listen(client, query);
  try {
    return await feed.next();
  } finally {
    feed.stop();
  }
}

/** Well-formed, claiming to be the admin, signed with a key the shop does not have. */
export function forgedAdminToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', ver: 0, username: 'admin', exp: 4_102_444_800 })}`;
  return `${unsigned}.${createHmac('sha256', 'not-the-shop-secret').update(unsigned).digest('base64url')}`;
}
