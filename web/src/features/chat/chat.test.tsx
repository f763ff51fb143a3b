import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BlockUserDocument,
  ReportMessageDocument,
  ChatPageDocument,
  ChatRoomMessagesDocument,
  ChatRoomToOpenDocument,
  ChatUsersDocument,
  CreateChatRoomDocument,
  MarkRoomReadDocument,
  SendMessageDocument,
} from '@/gql/graphql';
import { createFakeGateway } from '@/testing/fake-gateway-socket';
import { type RoomFixture, messageId, room, sessionMock } from '@/testing/fixtures';
import { TEST_TOKEN, currentPath, renderApp } from '@/testing/render';
import { ROOMS_PAGE_SIZE } from './chat-route';
import { MESSAGES_PAGE_SIZE } from './message-window';
import { SEARCH_DEBOUNCE_MS } from './new-chat-dialog';

const NOW = new Date('2026-11-22T15:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

interface MessageFixture {
  __typename: 'Message';
  id: string;
  content: string;
  senderUsername: string;
  timestamp: string;
  isMine: boolean;
  linksAllowed: boolean;
  removed: boolean;
  viewerReport: { __typename: 'ChatReport'; status: string } | null;
}

const message = (
  roomNumber: number,
  n: number,
  content: string,
  fields: Partial<MessageFixture> = {},
): MessageFixture => ({
  __typename: 'Message',
  id: messageId(roomNumber, n),
  content,
  senderUsername: `friend${roomNumber}`,
  timestamp: `2026-11-22T14:${String(n).padStart(2, '0')}:00.000Z`,
  isMine: false,
  linksAllowed: true,
  removed: false,
  viewerReport: null,
  ...fields,
});

const roomCursor = (fixture: RoomFixture) => `cursor-${fixture.id}`;

/** A page of the sidebar's rooms as the gateway answers it: the first one, or the one after `after`. */
const chatPage = (
  rooms: RoomFixture[],
  {
    after,
    hasNextPage = false,
    suspendedUntil = null,
  }: { after?: string; hasNextPage?: boolean; suspendedUntil?: string | null } = {},
) => ({
  request: { query: ChatPageDocument, variables: { first: ROOMS_PAGE_SIZE, ...(after ? { after } : {}) } },
  result: {
    data: {
      viewer: {
        __typename: 'User',
        chatSuspendedUntil: suspendedUntil,
        chatRoomConnection: {
          __typename: 'ChatRoomConnection',
          edges: rooms.map((node) => ({ __typename: 'ChatRoomEdge', cursor: roomCursor(node), node })),
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage,
            endCursor: rooms.length ? roomCursor(rooms[rooms.length - 1]!) : null,
          },
        },
      },
    },
  },
});

/** The shop's answer to which room has the newest unread message (asked while no room is chosen). */
const newestUnread = (fixture: RoomFixture | null) => ({
  request: { query: ChatRoomToOpenDocument },
  result: {
    data: {
      viewer: {
        __typename: 'User',
        chatRoomConnection: {
          __typename: 'ChatRoomConnection',
          edges: fixture ? [{ __typename: 'ChatRoomEdge', node: fixture }] : [],
        },
      },
    },
  },
});

/** A delay longer than a test may run (15 s): the answer comes only when the test advances the fake clock. */
const HELD_MS = 20_000;

const activity = (fixture: RoomFixture) => Date.parse(fixture.lastMessageTime ?? fixture.createdAt ?? '');

/**
 * What opening /chat with no room chosen asks: the first page of rooms, and the room with the newest unread message.
 */
const sidebar = (rooms: RoomFixture[], options: { hasNextPage?: boolean; newestUnread?: RoomFixture | null } = {}) => [
  chatPage(rooms, options),
  newestUnread(
    options.newestUnread !== undefined
      ? options.newestUnread
      : ([...rooms].sort((a, b) => activity(b) - activity(a)).find((fixture) => fixture.unreadCount > 0) ?? null),
  ),
];

function history(
  fixture: RoomFixture,
  messages: MessageFixture[],
  {
    before,
    hasPreviousPage = false,
    totalCount = messages.length,
  }: { before?: string; hasPreviousPage?: boolean; totalCount?: number } = {},
) {
  return {
    request: {
      query: ChatRoomMessagesDocument,
      variables: { roomId: fixture.id, last: MESSAGES_PAGE_SIZE, ...(before ? { before } : {}) },
    },
    result: {
      data: {
        node: {
          ...fixture,
          messages: {
            __typename: 'MessageConnection',
            totalCount,
            edges: messages.map((node) => ({ __typename: 'MessageEdge', cursor: `cursor-${node.id}`, node })),
            pageInfo: {
              __typename: 'PageInfo',
              hasPreviousPage,
              startCursor: messages[0] ? `cursor-${messages[0].id}` : null,
            },
          },
        },
      },
    },
  };
}

/** The shop marks the room read and answers the unread messages left over every room (the navbar's badge). */
const markRead = (id: string, unreadLeft = 0) => ({
  request: { query: MarkRoomReadDocument, variables: { input: { roomId: id } } },
  result: {
    data: {
      markRoomRead: {
        __typename: 'MarkRoomReadPayload',
        room: { __typename: 'ChatRoom', id, unreadCount: 0 },
        viewer: { __typename: 'User', unreadMessageCount: unreadLeft },
        userErrors: [],
      },
    },
  },
});

const rooms = () =>
  within(screen.getByRole('list', { name: 'Conversations', hidden: true })).getAllByRole('button', { hidden: true });
// `hidden`: jsdom applies the phone layout (no media queries), where the list or the conversation is hidden.
const conversation = () => screen.getByRole('log', { hidden: true });

describe('the chat sidebar', () => {
  it('shows each room with its initial, name, last message cut at 30 characters, its time and unread count, by latest activity; the latest opens', async () => {
    const recent = room(1, {
      roomName: 'bob',
      lastMessage: 'This message is longer than thirty characters',
      lastMessageTime: '2026-11-22T09:05:00.000Z',
      unreadCount: 0,
    });
    const older = room(2, {
      roomName: 'carol',
      lastMessage: 'Short',
      lastMessageTime: '2026-11-20T10:00:00.000Z',
      unreadCount: 0,
    });
    // Not started yet: it counts from when it was made, between the two.
    const empty = room(3, { roomName: 'dave', createdAt: '2026-11-21T12:00:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([older, empty, recent]),
        history(recent, [message(1, 1, 'This message is longer than thirty characters')]),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(3));
    expect(rooms().map((button) => button.textContent)).toEqual([
      'BbobThis message is longer than th...9:05 AM',
      'DdaveNo messages yet',
      'CcarolShort11/20/2026',
    ]);
    // Chosen once the list is in (the room to open is decided from it).
    await waitFor(() => expect(rooms()[0]).toHaveAttribute('aria-current', 'true'));
    expect(await screen.findByRole('heading', { name: 'bob', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('2 participants')).toBeInTheDocument();
  });

  it('writes the rooms’ and the messages’ times in the viewer’s time zone', async () => {
    // India is 5½ hours ahead of UTC: now (15:00 UTC) is 20:30 there.
    const recent = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    // Older than 24 hours, and already the 21st in India.
    const older = room(2, { roomName: 'carol', lastMessage: 'Short', lastMessageTime: '2026-11-20T20:00:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ timezone: 'Asia/Kolkata' }),
        ...sidebar([older, recent]),
        history(recent, [message(1, 1, 'Hi')]),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(2));
    expect(rooms().map((button) => button.textContent)).toEqual(['BbobHi7:31 PM', 'CcarolShort11/21/2026']);
    expect(await screen.findByRole('heading', { name: 'bob', hidden: true })).toBeInTheDocument();
    const hi = await within(conversation()).findByText('Hi');
    expect(hi.parentElement).toHaveTextContent('friend1: Hi7:31 PM');
  });

  it('opens the room with the newest unread message when none is chosen, wherever it sits', async () => {
    const quiet = room(1, {
      roomName: 'bob',
      lastMessage: 'Mine, the latest',
      lastMessageTime: '2026-11-22T14:00:00.000Z',
    });
    const unreadOld = room(2, {
      roomName: 'carol',
      lastMessage: 'Old news',
      lastMessageTime: '2026-11-20T10:00:00.000Z',
      unreadCount: 1,
    });
    const unreadNew = room(3, {
      roomName: 'dave',
      lastMessage: 'Are you there?',
      lastMessageTime: '2026-11-21T10:00:00.000Z',
      unreadCount: 2,
    });
    const fresh = room(4, { roomName: 'eve', createdAt: '2026-11-22T14:30:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ unreadMessageCount: 3 }),
        chatPage([quiet, unreadOld, unreadNew, fresh]),
        // Held until the list is checked: once dave opens, it is marked read and its count goes.
        { ...newestUnread(unreadNew), delay: HELD_MS },
        history(unreadNew, [message(3, 1, 'Are you there?')]),
        markRead(unreadNew.id, 1),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(4));
    expect(rooms().map((button) => button.textContent)).toEqual([
      'EeveNo messages yet',
      'BbobMine, the latest2:00 PM',
      'DdaveAre you there?11/21/20262 unread',
      'CcarolOld news11/20/20261 unread',
    ]);
    // Chosen once the shop has said which room has the newest unread message.
    expect(rooms().filter((button) => button.hasAttribute('aria-current'))).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(HELD_MS));
    await waitFor(() => expect(rooms()[2]).toHaveAttribute('aria-current', 'true'));
    expect(await screen.findByRole('heading', { name: 'dave', hidden: true })).toBeInTheDocument();
    // Opened for good (in the address): reading it, once the shop has answered too (the badge keeps carol's 1),
    // opens neither carol, the next unread, nor dave again.
    await waitFor(() => expect(currentPath()).toBe(`/chat?room=${unreadNew.id}`));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/chat?room=${unreadNew.id}`);
    expect(rooms()[2]).toHaveAttribute('aria-current', 'true');
    expect(rooms()[3]).toHaveTextContent('CcarolOld news11/20/20261 unread');
    expect(within(conversation()).getByText('Are you there?')).toBeInTheDocument();
  });

  it('coming back with no room chosen opens the room with the newest unread message and keeps it once it is read', async () => {
    const bob = room(1, {
      roomName: 'bob',
      lastMessage: 'Mine, the latest',
      lastMessageTime: '2026-11-22T14:00:00.000Z',
    });
    const carol = room(2, {
      roomName: 'carol',
      lastMessage: 'Old news',
      lastMessageTime: '2026-11-20T10:00:00.000Z',
      unreadCount: 1,
    });
    const dave = room(3, { roomName: 'dave', lastMessage: 'Hello', lastMessageTime: '2026-11-21T10:00:00.000Z' });
    const arrived = message(3, 2, 'Are you there?', { timestamp: '2026-11-22T14:30:00.000Z' });
    const daveNow = { ...dave, lastMessage: arrived.content, lastMessageTime: arrived.timestamp, unreadCount: 1 };
    const { user, live, link } = renderApp({
      path: `/chat?room=${dave.id}`,
      mocks: [
        sessionMock({ unreadMessageCount: 1 }),
        chatPage([bob, carol, dave]),
        history(dave, [message(3, 1, 'Hello')]),
        history(bob, [message(1, 1, 'Mine, the latest', { isMine: true, senderUsername: 'alice' })]),
        // Back on /chat with no room chosen: the shop's answer about unread ones. Dave's history is cached.
        newestUnread(daveNow),
        markRead(dave.id, 1),
      ],
    });
    await within(await screen.findByRole('log', { name: 'Messages with dave', hidden: true })).findByText('Hello');
    await waitFor(() =>
      expect(rooms().map((button) => button.textContent)).toEqual([
        'BbobMine, the latest2:00 PM',
        'DdaveHello11/21/2026',
        'CcarolOld news11/20/20261 unread',
      ]),
    );
    await user.click(rooms()[0]!);
    await within(await screen.findByRole('log', { name: 'Messages with bob', hidden: true })).findByText(
      'Mine, the latest',
    );
    // Dave writes while bob's conversation is open: dave's cached history gets the message, and dave a count.
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', { messageAdded: { ...arrived, room: daveNow } }));
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('DdaveAre you there?2:30 PM1 unread'));
    const asked = vi.spyOn(link, 'request');
    await user.click(screen.getByRole('link', { name: 'Chat 2 unread' }));
    // Dave's conversation shows at once from the cache and is marked read; carol, still unread, must not open.
    await waitFor(() => expect(currentPath()).toBe(`/chat?room=${dave.id}`));
    // Once the shop has answered the marking too (the badge keeps carol's 1), it is still dave's.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/chat?room=${dave.id}`);
    expect(rooms()[0]).toHaveAttribute('aria-current', 'true');
    expect(rooms()[2]).toHaveTextContent('CcarolOld news11/20/20261 unread');
    expect(within(conversation()).getByText('Are you there?')).toBeInTheDocument();
    // Each asked once: the room to open, and dave marked read (nothing for carol).
    expect(asked.mock.calls.map(([operation]) => operation.operationName)).toEqual(['ChatRoomToOpen', 'MarkRoomRead']);
  });

  it('opening a room shows its history (oldest first) and marks it read: its count and the navbar’s badge go', async () => {
    const bob = room(1, {
      roomName: 'bob',
      lastMessage: 'Second',
      lastMessageTime: '2026-11-22T14:02:00.000Z',
      unreadCount: 2,
    });
    const carol = room(2, {
      roomName: 'carol',
      lastMessage: 'Hi',
      lastMessageTime: '2026-11-22T13:00:00.000Z',
      unreadCount: 0,
    });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ unreadMessageCount: 2 }),
        ...sidebar([carol, bob]),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')]),
        markRead(bob.id),
        history(carol, [message(2, 1, 'Hi', { isMine: true, senderUsername: 'alice' })]),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(conversation())
          .getAllByText(/First|Second/)
          .map((node) => node.textContent),
      ).toEqual(['First', 'Second']),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument());
    expect(rooms()[0]).toHaveTextContent('BbobSecond2:02 PM');
    await user.click(rooms()[1]!);
    await waitFor(() => expect(within(conversation()).getByText('Hi')).toBeInTheDocument());
    expect(rooms()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('a room the shop fails to mark read shows its count again, and is not asked again and again', async () => {
    const bob = room(1, {
      roomName: 'bob',
      lastMessage: 'Second',
      lastMessageTime: '2026-11-22T14:02:00.000Z',
      unreadCount: 2,
    });
    const { link } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ unreadMessageCount: 2 }),
        ...sidebar([bob]),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')]),
        // However often it were asked, the shop would fail.
        {
          request: markRead(bob.id).request,
          error: new Error('Failed to fetch'),
          maxUsageCount: Number.MAX_SAFE_INTEGER,
        },
      ],
    });
    const asked = vi.spyOn(link, 'request');
    await within(await screen.findByRole('log', { name: 'Messages with bob', hidden: true })).findByText('Second');
    // Long enough for the failure, and for a few more tries had there been any.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(asked.mock.calls.filter(([operation]) => operation.operationName === 'MarkRoomRead')).toHaveLength(1);
    expect(rooms()[0]).toHaveTextContent('BbobSecond2:02 PM2 unread');
    expect(screen.getByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
  });

  it('on a phone the latest room is chosen but stays unread until it is opened from the list', async () => {
    // jsdom has no matchMedia: this one answers as a phone's narrow screen would.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    try {
      const bob = room(1, {
        roomName: 'bob',
        lastMessage: 'Second',
        lastMessageTime: '2026-11-22T14:02:00.000Z',
        unreadCount: 2,
      });
      const { user } = renderApp({
        path: '/chat',
        mocks: [
          sessionMock({ unreadMessageCount: 2 }),
          ...sidebar([bob]),
          history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')]),
          markRead(bob.id),
        ],
      });
      await waitFor(() => expect(within(conversation()).getByText('Second')).toBeInTheDocument());
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(rooms()[0]).toHaveTextContent('BbobSecond2:02 PM2 unread');
      expect(screen.getByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
      await user.click(rooms()[0]!);
      await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument());
      expect(rooms()[0]).toHaveTextContent('BbobSecond2:02 PM');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('loads older messages from the top of the history', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Third', lastMessageTime: '2026-11-22T14:03:00.000Z' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([bob]),
        history(bob, [message(1, 3, 'Third')], { hasPreviousPage: true, totalCount: 3 }),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')], {
          before: `cursor-${messageId(1, 3)}`,
          totalCount: 3,
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() =>
      expect(
        within(conversation())
          .getAllByText(/First|Second|Third/)
          .map((node) => node.textContent),
      ).toEqual(['First', 'Second', 'Third']),
    );
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('loads older messages when the history is scrolled to its top, with no click', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Third', lastMessageTime: '2026-11-22T14:03:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([bob]),
        history(bob, [message(1, 3, 'Third')], { hasPreviousPage: true, totalCount: 3 }),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')], {
          before: `cursor-${messageId(1, 3)}`,
          totalCount: 3,
        }),
      ],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Third');
    // jsdom lays nothing out: the history's scroll position is what a person scrolling to the top leaves.
    conversation().scrollTop = 0;
    fireEvent.scroll(conversation());
    await waitFor(() =>
      expect(
        within(conversation())
          .getAllByText(/First|Second|Third/)
          .map((node) => node.textContent),
      ).toEqual(['First', 'Second', 'Third']),
    );
  });
});

describe('a long list of conversations, a page at a time', () => {
  /** Room n was last active n minutes before 3 PM: room 1 is the most recent. */
  const ranked = (n: number, fields: Partial<RoomFixture> = {}) =>
    room(n, {
      lastMessage: `Message ${n}`,
      lastMessageTime: new Date(Date.parse('2026-11-22T15:00:00.000Z') - n * 60_000).toISOString(),
      ...fields,
    });
  const firstPage = Array.from({ length: ROOMS_PAGE_SIZE }, (_, index) => ranked(index + 1));
  const secondPage = [21, 22, 23, 24, 25].map((n) => ranked(n));
  const afterFirstPage = roomCursor(firstPage[ROOMS_PAGE_SIZE - 1]!);
  const names = () => rooms().map((button) => within(button).getByText(/^friend/).textContent);
  const scroller = () => screen.getByRole('list', { name: 'Conversations', hidden: true }).parentElement!;

  it('shows the first page, and loads the next when the list is scrolled near its end', async () => {
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar(firstPage, { hasNextPage: true }),
        history(firstPage[0]!, [message(1, 1, 'Message 1')]),
        chatPage(secondPage, { after: afterFirstPage }),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(20));
    expect(names()).toEqual(firstPage.map((fixture) => fixture.roomName));
    // jsdom lays nothing out: the list is given the size and position of one scrolled to 100 px above its end.
    const list = scroller();
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 1400 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 600 });
    list.scrollTop = 300;
    fireEvent.scroll(list);
    // Far from the end: nothing more is asked.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(rooms()).toHaveLength(20);
    list.scrollTop = 700;
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    await waitFor(() => expect(rooms()).toHaveLength(25));
    expect(names()).toEqual([...firstPage, ...secondPage].map((fixture) => fixture.roomName));
    // Two scroll events, one page asked for (a second ask would have found no answer and failed); the last page has no
    // button.
    expect(screen.queryByText('Failed to load more conversations. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more conversations', hidden: true })).toBeNull();
  });

  it('loads the next page with “Load more conversations”; a failure says so, keeps the list, and the button tries again', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar(firstPage, { hasNextPage: true }),
        history(firstPage[0]!, [message(1, 1, 'Message 1')]),
        { request: chatPage(secondPage, { after: afterFirstPage }).request, error: new Error('Failed to fetch') },
        chatPage(secondPage, { after: afterFirstPage }),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more conversations', hidden: true }));
    expect(await screen.findByText('Failed to load more conversations. Please try again.')).toBeInTheDocument();
    expect(rooms()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more conversations', hidden: true }));
    await waitFor(() => expect(rooms()).toHaveLength(25));
    expect(screen.queryByText('Failed to load more conversations. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more conversations', hidden: true })).toBeNull();
  });

  it('a message in a room not loaded yet puts it on top with its count; the next page follows without it', async () => {
    const { user, live } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar(firstPage, { hasNextPage: true }),
        history(firstPage[0]!, [message(1, 1, 'Message 1')]),
        // Read after the message: the shop places room 23 above the cursor now, so the page leaves it out.
        chatPage(
          [21, 22, 24, 25].map((n) => ranked(n)),
          { after: afterFirstPage },
        ),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(20));
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    const arrived = message(23, 1, 'Still there?', { timestamp: '2026-11-22T15:00:00.000Z' });
    act(() =>
      live.emit('LiveMessageAdded', {
        messageAdded: {
          ...arrived,
          room: { ...secondPage[2]!, lastMessage: arrived.content, lastMessageTime: arrived.timestamp, unreadCount: 1 },
        },
      }),
    );
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('Ffriend23Still there?3:00 PM1 unread'));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more conversations', hidden: true }));
    await waitFor(() => expect(rooms()).toHaveLength(25));
    expect(names()).toEqual([
      'friend23',
      ...firstPage.map((fixture) => fixture.roomName),
      'friend21',
      'friend22',
      'friend24',
      'friend25',
    ]);
  });

  it('a room started with + New Chat that was further down the list shows once when its page comes', async () => {
    const far = ranked(21);
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar(firstPage, { hasNextPage: true }),
        history(firstPage[0]!, [message(1, 1, 'Message 1')]),
        {
          request: { query: ChatUsersDocument, variables: { search: null } },
          result: {
            data: {
              viewer: {
                __typename: 'User',
                chatUsers: [
                  {
                    __typename: 'ChatUser',
                    id: 'Q2hhdFVzZXI6MjE',
                    username: 'friend21',
                    firstName: null,
                    lastName: null,
                    isAdmin: false,
                  },
                ],
              },
            },
          },
        },
        {
          request: { query: CreateChatRoomDocument, variables: { input: { participantUsername: 'friend21' } } },
          result: { data: { createChatRoom: { __typename: 'CreateChatRoomPayload', room: far, userErrors: [] } } },
        },
        history(far, [message(21, 1, 'Message 21')]),
        chatPage([far, ranked(22)], { after: afterFirstPage }),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(20));
    await user.click(screen.getAllByRole('button', { name: '+ New Chat', hidden: true })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Chat' });
    await user.click(await within(dialog).findByRole('button', { name: /^friend21/ }));
    await waitFor(() => expect(rooms()).toHaveLength(21));
    // In its place by activity, after the rooms more recently active.
    expect(names()[20]).toBe('friend21');
    await user.click(screen.getByRole('button', { name: 'Load more conversations', hidden: true }));
    await waitFor(() => expect(rooms()).toHaveLength(22));
    expect(names().slice(19)).toEqual(['friend20', 'friend21', 'friend22']);
  });

  it('the badge counts unread messages beyond the first page; the room with the newest of them opens, and reading it clears the badge', async () => {
    const unreadFar = ranked(24, { unreadCount: 5 });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ unreadMessageCount: 5 }),
        ...sidebar(firstPage, { hasNextPage: true, newestUnread: unreadFar }),
        { ...history(unreadFar, [message(24, 1, 'Message 24')]), delay: 1000 },
        markRead(unreadFar.id, 0),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Chat 5 unread' })).toBeInTheDocument();
    await waitFor(() => expect(rooms()).toHaveLength(20));
    // Not among the rooms loaded, but the one opened: it is in the address, and its conversation shows.
    expect(await screen.findByRole('heading', { name: 'friend24', hidden: true })).toBeInTheDocument();
    expect(currentPath()).toBe(`/chat?room=${unreadFar.id}`);
    expect(rooms().filter((button) => button.getAttribute('aria-current') === 'true')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument());
  });
});

describe('on a phone', () => {
  beforeEach(() => {
    // jsdom has no matchMedia: this one answers as a phone's narrow screen would.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opening a room gives the focus to its heading, and “← All chats” gives it back to the room’s row', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([bob, carol]),
        history(bob, [message(1, 1, 'Hi')]),
        history(carol, [message(2, 1, 'Earlier')]),
      ],
    });
    await waitFor(() => expect(rooms()).toHaveLength(2));
    await user.click(rooms()[1]!);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'carol', hidden: true })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: '← All chats', hidden: true }));
    expect(rooms()[1]).toHaveFocus();
    expect(rooms()[1]).toHaveTextContent('CcarolEarlier10:00 AM');
  });
});

describe('sending', () => {
  const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
  const sent = (content: string) => ({
    request: { query: SendMessageDocument, variables: { input: { roomId: bob.id, content } } },
    result: {
      data: {
        sendMessage: {
          __typename: 'SendMessagePayload',
          message: {
            ...message(1, 5, content, { isMine: true, senderUsername: 'alice', timestamp: '2026-11-22T14:59:00.000Z' }),
            room: {
              __typename: 'ChatRoom',
              id: bob.id,
              lastMessage: content,
              lastMessageTime: '2026-11-22T14:59:00.000Z',
              unreadCount: 0,
            },
          },
          userErrors: [],
        },
      },
    },
  });

  it('sends with Enter, empties the box, and shows the message once, even when the socket echoes it', async () => {
    const { user, live } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, 'Hi')]), sent('Hello Bob')],
    });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    expect(box).toHaveAttribute('name', 'content');
    await user.type(box, 'Hello Bob{Enter}');
    await within(conversation()).findByText('Hello Bob');
    expect(box).toHaveValue('');
    // The shop's answer takes the pending message's place, with the shop's time.
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('BbobHello Bob2:59 PM'));
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() =>
      live.emit('LiveMessageAdded', {
        messageAdded: {
          ...message(1, 5, 'Hello Bob', {
            isMine: true,
            senderUsername: 'alice',
            timestamp: '2026-11-22T14:59:00.000Z',
          }),
          room: { ...bob, lastMessage: 'Hello Bob', lastMessageTime: '2026-11-22T14:59:00.000Z' },
        },
      }),
    );
    expect(within(conversation()).getAllByText('Hello Bob')).toHaveLength(1);
  });

  it('empties the box as it sends and shows the message as pending; what is typed meanwhile stays', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([bob]),
        history(bob, [message(1, 1, 'Hi')]),
        { ...sent('First'), delay: 30_000 },
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    await user.type(box, 'First{Enter}');
    expect(box).toHaveValue('');
    const pending = await within(conversation()).findByText('First');
    expect(pending.parentElement).toHaveTextContent('You: FirstSending…');
    await user.type(box, 'Second, still being written');
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() =>
      expect(within(conversation()).getByText('First').parentElement).toHaveTextContent('You: First2:59 PM'),
    );
    expect(within(conversation()).getAllByText('First')).toHaveLength(1);
    expect(box).toHaveValue('Second, still being written');
  });

  it('puts a message that could not be sent back in the box, before what was typed since', async () => {
    const failing = {
      request: { query: SendMessageDocument, variables: { input: { roomId: bob.id, content: 'Lost?' } } },
      error: new Error('Failed to fetch'),
      delay: 30_000,
    };
    const { user } = renderApp({ path: '/chat', mocks: [sessionMock(), ...sidebar([bob]), history(bob, []), failing] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    await user.type(box, 'Lost?{Enter}');
    expect(await within(conversation()).findByText('Lost?')).toBeInTheDocument();
    await user.type(box, 'And more');
    act(() => vi.advanceTimersByTime(30_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not sent. Please try again.');
    expect(box).toHaveValue('Lost?\nAnd more');
    expect(within(conversation()).queryByText('Lost?')).toBeNull();
    warn.mockRestore();
  });

  it('ignores blank messages, and Shift+Enter starts a new line', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, 'Hi')])],
    });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'two{Shift>}{Enter}{/Shift}lines');
    expect(box).toHaveValue('   two\nlines');
    expect(
      within(conversation())
        .getAllByText(/./)
        .map((node) => node.textContent),
    ).not.toContain('two\nlines');
  });

  it('takes at most 2000 characters, an emoji counting as one as the shop counts, and says so at the limit', async () => {
    const { user } = renderApp({ path: '/chat', mocks: [sessionMock(), ...sidebar([bob]), history(bob, [])] });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    expect(box).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line');
    await user.click(box);
    await user.paste('🩺'.repeat(2001));
    expect(box).toHaveValue('🩺'.repeat(2000));
    expect(box).toHaveAccessibleDescription('2000 characters at most');
  });

  it('keeps the text and says so when the message could not be sent', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([bob]),
        history(bob, []),
        {
          request: { query: SendMessageDocument, variables: { input: { roomId: bob.id, content: 'Lost?' } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(await screen.findByRole('textbox', { name: 'Message to bob' }), 'Lost?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not sent. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Message to bob' })).toHaveValue('Lost?');
    warn.mockRestore();
  });
});

describe('a message with web addresses', () => {
  it('links each http(s) address, leaving the sentence’s punctuation and anything else as text', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Links', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const content = 'See https://example.com/a?b=1. Or (http://shop.test/x), not javascript:alert(1) <b>bold</b>';
    renderApp({ path: '/chat', mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, content)])] });
    const bubble = (await within(await screen.findByRole('log', { hidden: true })).findByText(/^See/)).closest('div')!;
    expect(bubble).toHaveTextContent(content);
    expect(
      within(bubble)
        .getAllByRole('link')
        .map((link) => [
          link.textContent,
          link.getAttribute('href'),
          link.getAttribute('target'),
          link.getAttribute('rel'),
        ]),
    ).toEqual([
      ['https://example.com/a?b=1', 'https://example.com/a?b=1', '_blank', 'noopener noreferrer nofollow'],
      ['http://shop.test/x', 'http://shop.test/x', '_blank', 'noopener noreferrer nofollow'],
    ]);
    expect(bubble.querySelector('b')).toBeNull();
  });

  it('shows a new account’s addresses as plain text', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Deals', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const content = 'Cheap gauze at https://bargains.example/gauze';
    renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, content, { linksAllowed: false })])],
    });
    const bubble = (await within(await screen.findByRole('log', { hidden: true })).findByText(/^Cheap/)).closest(
      'div',
    )!;
    expect(bubble).toHaveTextContent(content);
    expect(within(bubble).queryAllByRole('link')).toEqual([]);
  });
});

describe('live messages', () => {
  const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
  const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
  const event = (fixture: RoomFixture, msg: MessageFixture, unreadCount: number) => ({
    messageAdded: {
      ...msg,
      room: { ...fixture, lastMessage: msg.content, lastMessageTime: msg.timestamp, unreadCount },
    },
  });

  it('a message in another room moves it to the top with its last message, and raises its count and the navbar’s badge', async () => {
    const { live } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob, carol]), history(bob, [message(1, 1, 'Hi')])],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', event(carol, message(2, 30, 'Are you there? This is a long one.'), 1)));
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('CcarolAre you there? This is a long...2:30 PM1 unread'));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
    // The open conversation stays open (the first room was chosen for the person, and stays chosen).
    expect(rooms()[1]).toHaveAttribute('aria-current', 'true');
    expect(within(conversation()).getByText('Hi')).toBeInTheDocument();
    expect(within(conversation()).queryByText('Are you there? This is a long one.')).toBeNull();
  });

  it('a message a moderator removed shows as removed at once, in the open room and in its preview', async () => {
    const rude = room(1, { roomName: 'bob', lastMessage: 'Rude words', lastMessageTime: '2026-11-22T14:02:00.000Z' });
    const { live } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([rude]), history(rude, [message(1, 1, 'Hi'), message(1, 2, 'Rude words')])],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Rude words');
    await waitFor(() => expect(live.listening('LiveMessageRemoved')).toBe(1));
    act(() =>
      live.emit('LiveMessageRemoved', {
        messageRemoved: {
          __typename: 'Message',
          id: messageId(1, 2),
          content: '',
          removed: true,
          viewerReport: null,
          room: { __typename: 'ChatRoom', id: rude.id, lastMessage: 'This message was removed by a moderator.' },
        },
      }),
    );
    expect(await within(conversation()).findByText('This message was removed by a moderator.')).toBeInTheDocument();
    expect(within(conversation()).queryByText('Rude words')).toBeNull();
    expect(within(conversation()).getByText('Hi')).toBeInTheDocument();
    // Only 'Hi' can still be reported.
    expect(within(conversation()).getAllByRole('button', { name: /^Report/ })).toHaveLength(1);
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('This message was removed by a...'));
  });

  it('a message in the open room is appended once and read at once: no badge rises', async () => {
    const { live } = renderApp({
      path: '/chat',
      // The echo carries the same unread count as the first delivery, so the room is marked read once for each.
      mocks: [
        sessionMock(),
        ...sidebar([bob]),
        history(bob, [message(1, 1, 'Hi')]),
        markRead(bob.id),
        markRead(bob.id),
      ],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    const arriving = event(bob, message(1, 2, 'New here'), 1);
    act(() => live.emit('LiveMessageAdded', arriving));
    act(() => live.emit('LiveMessageAdded', arriving));
    expect(await within(conversation()).findByText('New here')).toBeInTheDocument();
    expect(within(conversation()).getAllByText('New here')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(rooms()[0]).not.toHaveTextContent('unread');
  });

  it('says so when newer messages arrive while the reader is further up, and takes them down to them', async () => {
    const { user, live } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, 'Hi')]), markRead(bob.id)],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    // jsdom lays nothing out: the history is given the size and position of one read 600 px above its end.
    const log = conversation();
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 300 });
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', event(bob, message(1, 2, 'Below the fold'), 1)));
    expect(await within(log).findByText('Below the fold')).toBeInTheDocument();
    expect(log.scrollTop).toBe(100);
    await user.click(screen.getByRole('button', { name: 'New messages ↓' }));
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages ↓' })).toBeNull();
  });

  it('a message of a new conversation adds the room to the list, even on another screen, and counts in the navbar', async () => {
    const dave = room(4, { roomName: 'dave' });
    const { live } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), ...sidebar([bob]), history(bob, [message(1, 1, 'Hi')])],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', event(dave, message(4, 40, 'Nice to meet you'), 1)));
    await waitFor(() =>
      expect(rooms().map((button) => button.textContent)).toEqual([
        'DdaveNice to meet you2:40 PM1 unread',
        'BbobHi2:01 PM',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
  });
});

describe('after the live connection was lost', () => {
  /** How long the shop takes to answer what is fetched again on reconnecting. */
  const REFETCH_DELAY_MS = 30;

  it('the open room, the room list and the navbar’s unread badge catch up on what was missed', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
    // Written while the socket was down: bob in the open room (read at once), carol in the other one.
    const missedFromBob = message(1, 10, 'Missed you');
    const bobAfter = { ...bob, lastMessage: 'Missed you', lastMessageTime: missedFromBob.timestamp, unreadCount: 1 };
    const carolAfter = {
      ...carol,
      lastMessage: 'Are you there?',
      lastMessageTime: '2026-11-22T14:05:00.000Z',
      unreadCount: 1,
    };
    const gateway = createFakeGateway([TEST_TOKEN]);
    renderApp({
      path: '/chat',
      webSocketImpl: gateway.WebSocket,
      mocks: [
        { ...sessionMock(), maxUsageCount: 1 },
        ...sidebar([bob, carol]),
        history(bob, [message(1, 1, 'Hi')]),
        // The second answers are the ones fetched again once the socket is back, all asked at once and answered
        // together: bob's count comes back in two of them, and is marked read once they are in.
        { ...sessionMock({ unreadMessageCount: 2 }), delay: REFETCH_DELAY_MS },
        { ...chatPage([bobAfter, carolAfter]), delay: REFETCH_DELAY_MS },
        { ...history(bobAfter, [message(1, 1, 'Hi'), missedFromBob]), delay: REFETCH_DELAY_MS },
        markRead(bob.id, 1),
      ],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();

    act(() => gateway.close(1006, 'network down'));
    expect(await screen.findByRole('img', { name: 'Offline' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();

    expect(await within(conversation()).findByText('Missed you')).toBeInTheDocument();
    await waitFor(() =>
      expect(rooms().map((button) => button.textContent)).toEqual([
        'BbobMissed you2:10 PM',
        'CcarolAre you there?2:05 PM1 unread',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
  });
});

describe('+ New Chat', () => {
  const chatUsers = (search: string | null, users: { username: string; firstName?: string; isAdmin: boolean }[]) => ({
    request: { query: ChatUsersDocument, variables: { search } },
    result: {
      data: {
        viewer: {
          __typename: 'User',
          chatUsers: users.map((entry, index) => ({
            __typename: 'ChatUser',
            id: `Q2hhdFVzZXI6${index}`,
            username: entry.username,
            firstName: entry.firstName ?? null,
            lastName: null,
            isAdmin: entry.isAdmin,
          })),
        },
      },
    },
  });

  it('lists people labelled Admin or User, searches them, and picking one opens the room and closes the dialog', async () => {
    const erin = room(5, { roomName: 'erin' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([]),
        chatUsers(null, [
          { username: 'admin', isAdmin: true },
          { username: 'erin', firstName: 'Erin', isAdmin: false },
        ]),
        chatUsers('er', [{ username: 'erin', firstName: 'Erin', isAdmin: false }]),
        {
          request: { query: CreateChatRoomDocument, variables: { input: { participantUsername: 'erin' } } },
          result: { data: { createChatRoom: { __typename: 'CreateChatRoomPayload', room: erin, userErrors: [] } } },
        },
        history(erin, []),
      ],
    });
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' && element.textContent === 'No conversations yet. Start one with + New Chat.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: '+ New Chat' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Chat' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['AadminAdmin', 'Block', 'EErinerinUser', 'Block', 'Cancel']),
    );
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('name', 'search');
    await user.type(search, 'er');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(within(dialog).getByRole('list', { name: 'People' }).children).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: /^Erin/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'erin', hidden: true })).toBeInTheDocument();
    expect(rooms().map((button) => button.textContent)).toEqual(['EerinNo messages yet']);
  });

  it('says when there is nobody to talk to, and when the people cannot be loaded', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([]),
        chatUsers(null, []),
        { request: { query: ChatUsersDocument, variables: { search: 'x' } }, error: new Error('Failed to fetch') },
      ],
    });
    await user.click((await screen.findAllByRole('button', { name: '+ New Chat' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Chat' });
    expect(
      await within(dialog).findByText('No other users found. Make sure other users are registered in the system.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'x');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(
      await within(dialog).findByText(/Failed to load users. Please try again or contact support./),
    ).toBeInTheDocument();
  });
});

describe('blocking from the chat', () => {
  it('asks first, then the room leaves the list and the screen says how to undo it', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'Buy my gauze', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const bob = room(2, { roomName: 'bob' });
    let sent: unknown;
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([sam, bob]),
        history(sam, [message(1, 1, 'Buy my gauze', { senderUsername: 'sam' })]),
        {
          request: {
            query: BlockUserDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              blockUser: {
                __typename: 'BlockUserPayload',
                blockedUser: { __typename: 'BlockedUser', username: 'sam', blockedAt: '2026-11-22T15:00:00.000Z' },
                viewer: {
                  __typename: 'User',
                  id: 'VXNlcjoy',
                  unreadMessageCount: 0,
                  blockedUsers: [{ __typename: 'BlockedUser', username: 'sam', blockedAt: '2026-11-22T15:00:00.000Z' }],
                },
                userErrors: [],
              },
            },
          },
        },
        ...sidebar([bob]),
        history(bob, []),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'sam', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block sam', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Block sam?' });
    expect(dialog).toHaveTextContent('You can unblock them from your profile.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('sam is blocked. You can unblock them from your profile.')).toBeInTheDocument();
    expect(sent).toEqual({ input: { username: 'sam' } });
    await waitFor(() => expect(rooms().map((button) => button.textContent)).toEqual(['BbobNo messages yet']));
  });
  it('says the shop does not offer it where the shop has no blocking, rather than to try again', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'Hello', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([sam]),
        history(sam, [message(1, 1, 'Hello', { senderUsername: 'sam' })]),
        {
          request: { query: BlockUserDocument, variables: { input: { username: 'sam' } } },
          result: {
            errors: [
              {
                message: "The shop's REST service has no blocking (it lacks the chat-blocking extension)",
                extensions: { code: 'NOT_SUPPORTED' },
              },
            ],
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'sam', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block sam', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Block sam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('This shop does not offer blocking.')).toBeInTheDocument();
    expect(rooms().map((button) => button.textContent)).toEqual([expect.stringContaining('sam')]);
  });
});

describe('a suspended chat', () => {
  it('reads the messages, and the send box says until when instead of sending', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'Hello', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        chatPage([sam], { suspendedUntil: '2099-12-06T11:18:00.000Z' }),
        newestUnread(null),
        history(sam, [message(1, 1, 'Hello', { senderUsername: 'sam' })]),
      ],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hello');
    expect(
      await screen.findByText(
        'A moderator suspended your chat until Dec 6, 2099, 11:18 AM: you can read your messages, not send any.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to sam', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send', hidden: true })).toBeDisabled();
  });
});

describe('reporting a message', () => {
  it('asks why, checks the note first, sends the report, and the message then says where it stands', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'You idiot', lastMessageTime: '2026-11-22T14:02:00.000Z' });
    const mine = message(1, 1, 'Hello sam', { isMine: true, senderUsername: 'alice' });
    const theirs = message(1, 2, 'You idiot', { senderUsername: 'sam' });
    let sent: unknown;
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([sam]),
        history(sam, [mine, theirs]),
        {
          request: {
            query: ReportMessageDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              reportMessage: {
                __typename: 'ReportMessagePayload',
                message: {
                  __typename: 'Message',
                  id: theirs.id,
                  removed: false,
                  viewerReport: { __typename: 'ChatReport', status: 'OPEN' },
                },
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    const log = await screen.findByRole('log', { hidden: true });
    await within(log).findByText('You idiot');
    // Only the other person's message can be reported.
    expect(
      within(log)
        .getAllByRole('button', { name: /^Report/, hidden: true })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Report this message from sam']);
    await user.click(within(log).getByRole('button', { name: 'Report this message from sam', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message from sam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(dialog).toHaveTextContent('Choose why you report it');
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByText('Say in a few words what is wrong with it')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox', { name: 'What is wrong with it?' }), 'He insults me');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ input: { messageId: theirs.id, reason: 'OTHER', note: 'He insults me' } });
    expect(await within(log).findByText('Reported: a moderator will look at it')).toBeInTheDocument();
    // The button that opened the dialog is gone: focus is on what the report became.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Reported: a moderator will look at it'));
    expect(within(log).queryByRole('button', { name: /^Report/, hidden: true })).toBeNull();
  });

  it('says the shop does not take reports where it takes none, rather than to try again', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'You idiot', lastMessageTime: '2026-11-22T14:02:00.000Z' });
    const theirs = message(1, 2, 'You idiot', { senderUsername: 'sam' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([sam]),
        history(sam, [theirs]),
        {
          request: {
            query: ReportMessageDocument,
            variables: { input: { messageId: theirs.id, reason: 'SPAM', note: null } },
          },
          result: {
            errors: [
              {
                message: "The shop's REST service has no reports (it lacks the chat-reports extension)",
                extensions: { code: 'NOT_SUPPORTED' },
              },
            ],
          },
        },
      ],
    });
    const log = await screen.findByRole('log', { hidden: true });
    await within(log).findByText('You idiot');
    await user.click(within(log).getByRole('button', { name: 'Report this message from sam', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message from sam?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await within(dialog).findByText('This shop does not take reports of messages.')).toBeInTheDocument();
  });

  it('shows a removed message as removed, with no way to report it', async () => {
    const sam = room(1, { roomName: 'sam', lastMessage: 'This message was removed by a moderator.' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        ...sidebar([sam]),
        history(sam, [
          message(1, 1, '', {
            senderUsername: 'sam',
            removed: true,
            viewerReport: { __typename: 'ChatReport', status: 'SENDER_SUSPENDED' },
          }),
        ]),
      ],
    });
    const log = await screen.findByRole('log', { hidden: true });
    expect(await within(log).findByText('This message was removed by a moderator.')).toBeInTheDocument();
    expect(
      within(log).getByText('Reported: a moderator removed the message and suspended the sender’s chat'),
    ).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /^Report/, hidden: true })).toBeNull();
  });
});
