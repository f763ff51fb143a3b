import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, readToken, subscribeToToken } from '../lib/session';
import { createFakeGateway } from '../testing/fake-gateway-socket';
import { REFUSAL_GRACE_MS, createShopSocket, retryDelayMs } from './socket';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Keeps the two subscriptions the app's live updates keep while someone is logged in (graphql-ws asks whether to
 * retry once for each of them after a close). Answers the errors they ended with: none while the socket retries.
 */
function listen(socket: ReturnType<typeof createShopSocket>): unknown[] {
  const errors: unknown[] = [];
  for (const query of ['subscription { messageAdded { id } }', 'subscription { productUpdated { id } }']) {
    socket.client.subscribe(
      { query },
      { next: () => undefined, error: (error) => errors.push(error), complete: () => undefined },
    );
  }
  return errors;
}

describe('the subscription socket', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s, plus up to a second of jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((retries) => retryDelayMs(retries, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(retryDelayMs(0, () => 0.999)).toBe(1999);
  });

  it('connects with the stored token and shows Online; a refusal is retried once at once with the token now in storage', async () => {
    let token = 'first';
    const gateway = createFakeGateway(['first']);
    const onRefused = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken: () => token,
      onRefused,
      onReconnected: vi.fn(),
      webSocketImpl: gateway.WebSocket,
    });
    expect(socket.state()).toBe('offline');
    const errors = listen(socket);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(gateway.initAuthorizations).toEqual(['Bearer first']);

    // Another tab changed the password: the gateway ends this socket's session, the new token is in storage.
    token = 'second';
    gateway.acceptedAuthorizations = new Set(['Bearer second']);
    gateway.close(4403, 'Session ended');
    await vi.waitFor(() => expect(gateway.initAuthorizations).toEqual(['Bearer first', 'Bearer second']));
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(onRefused).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it('waits for the new token another tab is about to store, and does not end the session meanwhile', async () => {
    // Two tabs share the stored token; the other one changes the password. The gateway ends this tab's socket as
    // soon as the old token dies, before the other tab has stored the new one.
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'before-change');
    const gateway = createFakeGateway(['before-change']);
    const onRefused = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken,
      onRefused,
      onReconnected: vi.fn(),
      onTokenStored: (listener) => subscribeToToken(listener),
      webSocketImpl: gateway.WebSocket,
    });
    const errors = listen(socket);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    gateway.acceptedAuthorizations = new Set(['Bearer after-change']);
    gateway.close(4403, 'Session ended');
    await vi.waitFor(() => expect(socket.state()).toBe('offline'));
    // The clock driven to just short of the grace period: the whole of it passes without a retry.
    await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS - 100);
    // Not retried with the refused token, and the shared token is left alone (one close, however many
    // subscriptions it ended, is one refusal).
    expect(gateway.initAuthorizations).toEqual(['Bearer before-change']);
    expect(onRefused).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('before-change');

    // The other tab stores its new token: the browser tells this one with a storage event.
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'after-change');
    window.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, oldValue: 'before-change', newValue: 'after-change' }),
    );
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(gateway.initAuthorizations).toEqual(['Bearer before-change', 'Bearer after-change']);
    expect(onRefused).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it('tries the refused token once more after the grace period, and ends the session when it is refused again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gateway = createFakeGateway(['only']);
    const onRefused = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken: () => 'only',
      onRefused,
      onReconnected: vi.fn(),
      webSocketImpl: gateway.WebSocket,
    });
    const errors = listen(socket);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    gateway.acceptedAuthorizations.clear();
    gateway.close(4403, 'Session ended');
    await vi.waitFor(() => expect(socket.state()).toBe('offline'));
    await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS - 100);
    expect(gateway.initAuthorizations).toEqual(['Bearer only']);
    expect(onRefused).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(gateway.initAuthorizations).toEqual(['Bearer only', 'Bearer only']);
    expect(socket.state()).toBe('offline');
    // Both subscriptions end with the refusal: the app's live updates start again with the next session.
    expect(errors).toEqual([expect.objectContaining({ code: 4403 }), expect.objectContaining({ code: 4403 })]);
  });

  it('while this tab changes its password, refusals wait for the new token instead of ending the session', async () => {
    let token = 'old';
    let answerChange!: () => void;
    const change = new Promise<void>((resolve) => (answerChange = resolve));
    let pending: Promise<unknown> | undefined = change;
    const gateway = createFakeGateway(['old']);
    const onRefused = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken: () => token,
      onRefused,
      onReconnected: vi.fn(),
      pendingSessionChange: () => pending,
      webSocketImpl: gateway.WebSocket,
    });
    const errors = listen(socket);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));

    // The gateway ends the old token's session before the mutation's answer (the new token) reaches this tab.
    gateway.acceptedAuthorizations = new Set(['Bearer new']);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    gateway.close(4403, 'Session ended');
    await vi.waitFor(() => expect(socket.state()).toBe('offline'));
    // Longer than any back-off (30 s and a second of jitter) on a driven clock: still no retry while the change is on.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(gateway.initAuthorizations).toEqual(['Bearer old']);

    token = 'new';
    pending = undefined;
    answerChange();
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(gateway.initAuthorizations).toEqual(['Bearer old', 'Bearer new']);
    expect(onRefused).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it('comes back after a dropped connection and after 1013 Try Again Later, saying so for the catch-up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gateway = createFakeGateway(['t']);
    const onReconnected = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken: () => 't',
      onRefused: vi.fn(),
      onReconnected,
      webSocketImpl: gateway.WebSocket,
    });
    const errors = listen(socket);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(onReconnected).not.toHaveBeenCalled();
    for (const [code, expectedCalls] of [
      [1006, 1],
      [1013, 2],
    ] as const) {
      gateway.close(code, 'gone');
      await vi.waitFor(() => expect(socket.state()).not.toBe('online'));
      await vi.advanceTimersByTimeAsync(35_000);
      await vi.waitFor(() => expect(socket.state()).toBe('online'));
      expect(onReconnected).toHaveBeenCalledTimes(expectedCalls);
    }
    expect(gateway.sockets).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('keeps coming back with back-off while the gateway answers every connection with 1013 (over the sockets-per-user limit)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gateway = createFakeGateway(['t']);
    gateway.closeEveryConnectionWith = 1013;
    const onRefused = vi.fn();
    const onReconnected = vi.fn();
    const socket = createShopSocket({
      url: 'ws://shop/graphql',
      readToken: () => 't',
      onRefused,
      onReconnected,
      webSocketImpl: gateway.WebSocket,
    });
    const errors = listen(socket);

    // Nine refusals in a row: more than graphql-ws's default of five attempts, and past the 30 s ceiling.
    await vi.waitFor(() => expect(gateway.sockets).toHaveLength(1));
    // The waits add up to about two minutes; a client that gave up would never get to nine.
    for (let second = 0; second < 200 && gateway.sockets.length < 9; second += 1)
      await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(gateway.initAuthorizations).toHaveLength(9));
    const gaps = gateway.sockets.slice(1).map((opened, index) => opened.openedAt - gateway.sockets[index]!.openedAt);
    const expectedBackOff = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000];
    // Each wait is the back-off plus up to a second of jitter (and the few milliseconds the refusal takes).
    gaps.forEach((gap, index) => {
      expect(gap).toBeGreaterThanOrEqual(expectedBackOff[index]!);
      expect(gap).toBeLessThan(expectedBackOff[index]! + 1100);
    });
    expect(socket.state()).not.toBe('online');

    // A socket of the same user closes elsewhere: the next attempt gets in, and the subscription was never failed.
    gateway.closeEveryConnectionWith = undefined;
    await vi.advanceTimersByTimeAsync(32_000);
    await vi.waitFor(() => expect(socket.state()).toBe('online'));
    expect(gateway.sockets).toHaveLength(10);
    expect(errors).toEqual([]);
    expect(onRefused).not.toHaveBeenCalled();
  });
});
