// The session is one token under one storage key (DESIGN §6). Everything else about the viewer lives in the Apollo
// cache. Other tabs share the key: a login, logout or password change there is seen here through `storage` events.
import { useSyncExternalStore } from 'react';
import { TOKEN_STORAGE_KEY } from './session-key';

export { TOKEN_STORAGE_KEY };

/** Why the last session ended: a logout, a token the shop stopped accepting, or the account deleted. */
export type SessionEnd = 'logout' | 'expired' | 'deleted';

export const SESSION_EXPIRED_NOTICE = 'Your session has ended. Please log in again.';
export const ACCOUNT_DELETED_NOTICE = 'Account deleted successfully';

export interface TokenChange {
  /** `this-tab` for a login, logout or new token here; `other-tab` for one seen through a storage event. */
  source: 'this-tab' | 'other-tab';
}
type Listener = (change: TokenChange) => void;
const listeners = new Set<Listener>();
let lastEnd: SessionEnd | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the shop then works for this page's lifetime only.
    return undefined;
  }
}

let memoryToken: string | null = null;

export function readToken(): string | null {
  const stored = storage();
  return stored ? stored.getItem(TOKEN_STORAGE_KEY) : memoryToken;
}

let sessionChange: Promise<unknown> | undefined;

/**
 * Runs a change that ends this session's token on the server and answers what comes next (a password change
 * answers a new token; a deleted account, none). The gateway closes the socket as soon as the old token dies,
 * which can be before this tab has the answer: meanwhile a refused socket waits for it instead of ending the session.
 */
export async function changeSession<T>(change: () => Promise<T>): Promise<T> {
  const running = change();
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  sessionChange = settled;
  try {
    return await running;
  } finally {
    if (sessionChange === settled) sessionChange = undefined;
  }
}

/** The session change this tab is waiting for, if any. */
export function pendingSessionChange(): Promise<unknown> | undefined {
  return sessionChange;
}

function notify() {
  for (const listener of [...listeners]) listener({ source: 'this-tab' });
}

/** Starts a session, or replaces its token (a password change answers a new one). */
export function saveToken(token: string): void {
  const stored = storage();
  if (stored) stored.setItem(TOKEN_STORAGE_KEY, token);
  else memoryToken = token;
  lastEnd = undefined;
  notify();
}

/** Ends the session, saying why. */
export function clearToken(reason: SessionEnd = 'logout'): void {
  const stored = storage();
  const hadToken = readToken() !== null;
  if (stored) stored.removeItem(TOKEN_STORAGE_KEY);
  else memoryToken = null;
  if (!hadToken) return;
  lastEnd = reason;
  notify();
}

/** Why the last session in this tab ended, until the next login. */
export function lastSessionEnd(): SessionEnd | undefined {
  return lastEnd;
}

/** What the login page says about the session that just ended, if anything. */
export function sessionEndNotice(): string | undefined {
  if (lastEnd === 'expired') return SESSION_EXPIRED_NOTICE;
  if (lastEnd === 'deleted') return ACCOUNT_DELETED_NOTICE;
  return undefined;
}

export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener({ source: 'other-tab' });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token; re-renders when it changes here or in another tab. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToToken, readToken, () => null);
}
