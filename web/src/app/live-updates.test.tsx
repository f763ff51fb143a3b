import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatUnreadTotalDocument } from '../gql/graphql';
import { listingMock, messageId, product, room as chatRoom, sessionMock } from '../testing/fixtures';
import { createFakeGateway } from '../testing/fake-gateway-socket';
import { TEST_TOKEN, renderApp } from '../testing/render';

afterEach(() => {
  vi.useRealTimers();
});

const listing = (quantity: number) => listingMock([product(1, { quantity })]);

describe('the live connection', () => {
  it('shows Online while connected and Offline when not, and catches up on what was missed once back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gateway = createFakeGateway([TEST_TOKEN]);
    // The second answers are what changed during the outage; the screen must show them after the reconnect.
    renderApp({
      mocks: [{ ...sessionMock(), maxUsageCount: 1 }, listing(12), sessionMock({ itemCount: 2 }), listing(3)],
      webSocketImpl: gateway.WebSocket,
    });
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(gateway.initAuthorizations[0]).toBe(`Bearer ${TEST_TOKEN}`);

    act(() => gateway.close(1006, 'network down'));
    expect(await screen.findByRole('img', { name: 'Offline' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(await screen.findByText('Stock: 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument());
  });

  it.each([
    [1011, 'Internal Error'],
    [4500, 'Internal Server Error'],
  ])(
    'comes back after a server error close (%i %s), which graphql-ws itself gives up on, and catches up',
    async (code, reason) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const gateway = createFakeGateway([TEST_TOKEN]);
      renderApp({
        mocks: [{ ...sessionMock(), maxUsageCount: 1 }, listing(12), sessionMock({ itemCount: 2 }), listing(3)],
        webSocketImpl: gateway.WebSocket,
      });
      expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
      const socketsBefore = gateway.sockets.length;

      act(() => gateway.close(code, reason));
      expect(await screen.findByRole('img', { name: 'Offline' })).toBeInTheDocument();
      // The first retry waits 1–2 s.
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
      expect(gateway.sockets.length).toBe(socketsBefore + 1);
      expect(await screen.findByText('Stock: 3')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument());
    },
  );
});

describe('the chat badge on any screen', () => {
  const arriving = (room: number, n: number, fields: { isMine?: boolean; unreadCount: number }) => ({
    messageAdded: {
      __typename: 'Message',
      id: messageId(room, n),
      content: `Message ${n}`,
      senderUsername: fields.isMine ? 'alice' : `friend${room}`,
      timestamp: `2026-11-22T14:${String(n).padStart(2, '0')}:00.000Z`,
      isMine: fields.isMine ?? false,
      linksAllowed: true,
      removed: false,
      viewerReport: null,
      room: {
        ...chatRoom(room),
        lastMessage: `Message ${n}`,
        lastMessageTime: `2026-11-22T14:${String(n).padStart(2, '0')}:00.000Z`,
        unreadCount: fields.unreadCount,
      },
    },
  });

  it('moves by what each room’s count moved; after one’s own message from another tab, in a room it did not know, it is asked afresh', async () => {
    const { live } = renderApp({
      mocks: [
        sessionMock({ unreadMessageCount: 3 }),
        listing(12),
        // What the shop says once this person's other tab wrote in room 2 (and so read its 2 unread messages).
        {
          request: { query: ChatUnreadTotalDocument },
          result: { data: { viewer: { __typename: 'User', unreadMessageCount: 2 } } },
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Chat 3 unread' })).toBeInTheDocument();
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    // Rooms this screen never loaded: someone else's message is one more.
    act(() => live.emit('LiveMessageAdded', arriving(1, 1, { unreadCount: 1 })));
    expect(await screen.findByRole('link', { name: 'Chat 4 unread' })).toBeInTheDocument();
    // The same room again: its count (now known here) went from 1 to 3, two more; the same event twice adds nothing.
    act(() => live.emit('LiveMessageAdded', arriving(1, 3, { unreadCount: 3 })));
    act(() => live.emit('LiveMessageAdded', arriving(1, 3, { unreadCount: 3 })));
    expect(await screen.findByRole('link', { name: 'Chat 6 unread' })).toBeInTheDocument();
    // Written by this person in another tab in room 1: its count is 0 now, three fewer.
    act(() => live.emit('LiveMessageAdded', arriving(1, 4, { isMine: true, unreadCount: 0 })));
    expect(await screen.findByRole('link', { name: 'Chat 3 unread' })).toBeInTheDocument();
    // …and in room 2, which this tab never saw: how much that read cannot be told here, so the shop is asked.
    act(() => live.emit('LiveMessageAdded', arriving(2, 5, { isMine: true, unreadCount: 0 })));
    expect(await screen.findByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
  });
});
