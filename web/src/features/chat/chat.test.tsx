import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatPageDocument, ChatRoomMessagesDocument, ChatUsersDocument, CreateChatRoomDocument, MarkRoomReadDocument, SendMessageDocument } from '../../gql/graphql';
import { createFakeGateway } from '../../testing/fake-gateway-socket';
import { type RoomFixture, messageId, room, sessionMock } from '../../testing/fixtures';
import { TEST_TOKEN, renderApp } from '../../testing/render';
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
}

const message = (roomNumber: number, n: number, content: string, fields: Partial<MessageFixture> = {}): MessageFixture => ({
  __typename: 'Message',
  id: messageId(roomNumber, n),
  content,
  senderUsername: `friend${roomNumber}`,
  timestamp: `2026-11-22T14:${String(n).padStart(2, '0')}:00.000Z`,
  isMine: false,
  ...fields,
});

const chatPage = (rooms: RoomFixture[]) => ({
  request: { query: ChatPageDocument },
  result: { data: { viewer: { __typename: 'User', chatRooms: rooms } } },
});

function history(fixture: RoomFixture, messages: MessageFixture[], { before, hasPreviousPage = false, totalCount = messages.length }: { before?: string; hasPreviousPage?: boolean; totalCount?: number } = {}) {
  return {
    request: { query: ChatRoomMessagesDocument, variables: { roomId: fixture.id, last: MESSAGES_PAGE_SIZE, ...(before ? { before } : {}) } },
    result: {
      data: {
        node: {
          ...fixture,
          messages: {
            __typename: 'MessageConnection',
            totalCount,
            edges: messages.map((node) => ({ __typename: 'MessageEdge', cursor: `cursor-${node.id}`, node })),
            pageInfo: { __typename: 'PageInfo', hasPreviousPage, startCursor: messages[0] ? `cursor-${messages[0].id}` : null },
          },
        },
      },
    },
  };
}

const markRead = (id: string) => ({
  request: { query: MarkRoomReadDocument, variables: { input: { roomId: id } } },
  result: { data: { markRoomRead: { __typename: 'MarkRoomReadPayload', room: { __typename: 'ChatRoom', id, unreadCount: 0 }, userErrors: [] } } },
});

const rooms = () => within(screen.getByRole('list', { name: 'Conversations', hidden: true })).getAllByRole('button', { hidden: true });
// `hidden`: jsdom applies the phone layout (no media queries), where the list or the conversation is hidden.
const conversation = () => screen.getByRole('log', { hidden: true });

describe('the chat sidebar', () => {
  it('shows each room with its initial, name, last message cut at 30 characters, its time and unread count; the latest opens', async () => {
    const recent = room(1, { roomName: 'bob', lastMessage: 'This message is longer than thirty characters', lastMessageTime: '2026-11-22T09:05:00.000Z', unreadCount: 0 });
    const older = room(2, { roomName: 'carol', lastMessage: 'Short', lastMessageTime: '2026-11-20T10:00:00.000Z', unreadCount: 0 });
    const empty = room(3, { roomName: 'dave' });
    renderApp({ path: '/chat', mocks: [sessionMock(), chatPage([older, empty, recent]), history(empty, [])] });
    await waitFor(() => expect(rooms()).toHaveLength(3));
    expect(rooms().map((button) => button.textContent)).toEqual([
      // A conversation not yet started counts as the newest.
      'DdaveNo messages yet',
      'BbobThis message is longer than th...09:05 AM',
      'CcarolShort11/20/2026',
    ]);
    expect(rooms()[0]).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { name: 'dave', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('2 participants')).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('opening a room shows its history (oldest first) and marks it read: its count and the navbar’s badge go', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Second', lastMessageTime: '2026-11-22T14:02:00.000Z', unreadCount: 2 });
    const carol = room(2, { roomName: 'carol', lastMessage: 'Hi', lastMessageTime: '2026-11-22T13:00:00.000Z', unreadCount: 0 });
    const { user } = renderApp({
      path: '/chat',
      mocks: [
        sessionMock({ rooms: [{ id: bob.id, unreadCount: 2 }, { id: carol.id, unreadCount: 0 }] }),
        chatPage([carol, bob]),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')]),
        markRead(bob.id),
        history(carol, [message(2, 1, 'Hi', { isMine: true, senderUsername: 'alice' })]),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(within(conversation()).getAllByText(/First|Second/).map((node) => node.textContent)).toEqual(['First', 'Second']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument());
    expect(rooms()[0]).toHaveTextContent('BbobSecond02:02 PM');
    await user.click(rooms()[1]!);
    await waitFor(() => expect(within(conversation()).getByText('Hi')).toBeInTheDocument());
    expect(rooms()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('on a phone the latest room is chosen but stays unread until it is opened from the list', async () => {
    // jsdom has no matchMedia: this one answers as a phone's narrow screen would.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    try {
      const bob = room(1, { roomName: 'bob', lastMessage: 'Second', lastMessageTime: '2026-11-22T14:02:00.000Z', unreadCount: 2 });
      const { user } = renderApp({
        path: '/chat',
        mocks: [sessionMock({ rooms: [{ id: bob.id, unreadCount: 2 }] }), chatPage([bob]), history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')]), markRead(bob.id)],
      });
      await waitFor(() => expect(within(conversation()).getByText('Second')).toBeInTheDocument());
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(rooms()[0]).toHaveTextContent('BbobSecond02:02 PM2 unread');
      expect(screen.getByRole('link', { name: 'Chat 2 unread' })).toBeInTheDocument();
      await user.click(rooms()[0]!);
      await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument());
      expect(rooms()[0]).toHaveTextContent('BbobSecond02:02 PM');
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
        chatPage([bob]),
        history(bob, [message(1, 3, 'Third')], { hasPreviousPage: true, totalCount: 3 }),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')], { before: `cursor-${messageId(1, 3)}`, totalCount: 3 }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(conversation()).getAllByText(/First|Second|Third/).map((node) => node.textContent)).toEqual(['First', 'Second', 'Third']));
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('loads older messages when the history is scrolled to its top, with no click', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Third', lastMessageTime: '2026-11-22T14:03:00.000Z' });
    renderApp({
      path: '/chat',
      mocks: [
        sessionMock(),
        chatPage([bob]),
        history(bob, [message(1, 3, 'Third')], { hasPreviousPage: true, totalCount: 3 }),
        history(bob, [message(1, 1, 'First'), message(1, 2, 'Second')], { before: `cursor-${messageId(1, 3)}`, totalCount: 3 }),
      ],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Third');
    // jsdom lays nothing out: the history's scroll position is what a person scrolling to the top leaves.
    conversation().scrollTop = 0;
    fireEvent.scroll(conversation());
    await waitFor(() => expect(within(conversation()).getAllByText(/First|Second|Third/).map((node) => node.textContent)).toEqual(['First', 'Second', 'Third']));
  });
});

describe('on a phone', () => {
  beforeEach(() => {
    // jsdom has no matchMedia: this one answers as a phone's narrow screen would.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opening a room gives the focus to its heading, and “← All chats” gives it back to the room’s row', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
    const { user } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), chatPage([bob, carol]), history(bob, [message(1, 1, 'Hi')]), history(carol, [message(2, 1, 'Earlier')])],
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
            room: { __typename: 'ChatRoom', id: bob.id, lastMessage: content, lastMessageTime: '2026-11-22T14:59:00.000Z', unreadCount: 0 },
          },
          userErrors: [],
        },
      },
    },
  });

  it('sends with Enter, empties the box, and shows the message once, even when the socket echoes it', async () => {
    const { user, live } = renderApp({ path: '/chat', mocks: [sessionMock(), chatPage([bob]), history(bob, [message(1, 1, 'Hi')]), sent('Hello Bob')] });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    expect(box).toHaveAttribute('name', 'content');
    await user.type(box, 'Hello Bob{Enter}');
    expect(await within(conversation()).findByText('Hello Bob')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(rooms()[0]).toHaveTextContent('BbobHello Bob02:59 PM');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() =>
      live.emit('LiveMessageAdded', {
        messageAdded: { ...message(1, 5, 'Hello Bob', { isMine: true, senderUsername: 'alice', timestamp: '2026-11-22T14:59:00.000Z' }), room: { ...bob, lastMessage: 'Hello Bob', lastMessageTime: '2026-11-22T14:59:00.000Z' } },
      }),
    );
    expect(within(conversation()).getAllByText('Hello Bob')).toHaveLength(1);
  });

  it('ignores blank messages, and Shift+Enter starts a new line', async () => {
    const { user } = renderApp({ path: '/chat', mocks: [sessionMock(), chatPage([bob]), history(bob, [message(1, 1, 'Hi')])] });
    const box = await screen.findByRole('textbox', { name: 'Message to bob' });
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'two{Shift>}{Enter}{/Shift}lines');
    expect(box).toHaveValue('   two\nlines');
    expect(within(conversation()).getAllByText(/./).map((node) => node.textContent)).not.toContain('two\nlines');
  });

  it('takes at most 2000 characters, an emoji counting as one as the shop counts, and says so at the limit', async () => {
    const { user } = renderApp({ path: '/chat', mocks: [sessionMock(), chatPage([bob]), history(bob, [])] });
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
      mocks: [sessionMock(), chatPage([bob]), history(bob, []), { request: { query: SendMessageDocument, variables: { input: { roomId: bob.id, content: 'Lost?' } } }, error: new Error('Failed to fetch') }],
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(await screen.findByRole('textbox', { name: 'Message to bob' }), 'Lost?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not sent. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Message to bob' })).toHaveValue('Lost?');
    warn.mockRestore();
  });
});

describe('live messages', () => {
  const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
  const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
  const event = (fixture: RoomFixture, msg: MessageFixture, unreadCount: number) => ({
    messageAdded: { ...msg, room: { ...fixture, lastMessage: msg.content, lastMessageTime: msg.timestamp, unreadCount } },
  });

  it('a message in another room moves it to the top with its last message, and raises its count and the navbar’s badge', async () => {
    const { live } = renderApp({
      path: '/chat',
      mocks: [sessionMock({ rooms: [{ id: bob.id, unreadCount: 0 }, { id: carol.id, unreadCount: 0 }] }), chatPage([bob, carol]), history(bob, [message(1, 1, 'Hi')])],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', event(carol, message(2, 30, 'Are you there? This is a long one.'), 1)));
    await waitFor(() => expect(rooms()[0]).toHaveTextContent('CcarolAre you there? This is a long...02:30 PM1 unread'));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
    // The open conversation stays open (the first room was chosen for the person, and stays chosen).
    expect(rooms()[1]).toHaveAttribute('aria-current', 'true');
    expect(within(conversation()).getByText('Hi')).toBeInTheDocument();
    expect(within(conversation()).queryByText('Are you there? This is a long one.')).toBeNull();
  });

  it('a message in the open room is appended once and read at once: no badge rises', async () => {
    const { live } = renderApp({
      path: '/chat',
      // The echo carries the same unread count as the first delivery, so the room is marked read once for each.
      mocks: [sessionMock({ rooms: [{ id: bob.id, unreadCount: 0 }] }), chatPage([bob]), history(bob, [message(1, 1, 'Hi')]), markRead(bob.id), markRead(bob.id)],
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

  it('a message of a new conversation adds the room to the list, even on another screen, and counts in the navbar', async () => {
    const dave = room(4, { roomName: 'dave' });
    const { live } = renderApp({
      path: '/chat',
      mocks: [sessionMock({ rooms: [{ id: bob.id, unreadCount: 0 }] }), chatPage([bob]), history(bob, [message(1, 1, 'Hi')])],
    });
    await within(await screen.findByRole('log', { hidden: true })).findByText('Hi');
    await waitFor(() => expect(live.listening('LiveMessageAdded')).toBe(1));
    act(() => live.emit('LiveMessageAdded', event(dave, message(4, 40, 'Nice to meet you'), 1)));
    await waitFor(() => expect(rooms().map((button) => button.textContent)).toEqual(['DdaveNice to meet you02:40 PM1 unread', 'BbobHi02:01 PM']));
    expect(screen.getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument();
  });
});

describe('after the live connection was lost', () => {
  it('the open room, the room list and the navbar’s unread badge catch up on what was missed', async () => {
    const bob = room(1, { roomName: 'bob', lastMessage: 'Hi', lastMessageTime: '2026-11-22T14:01:00.000Z' });
    const carol = room(2, { roomName: 'carol', lastMessage: 'Earlier', lastMessageTime: '2026-11-22T10:00:00.000Z' });
    // Written while the socket was down: bob in the open room (read at once), carol in the other one.
    const missedFromBob = message(1, 10, 'Missed you');
    const bobAfter = { ...bob, lastMessage: 'Missed you', lastMessageTime: missedFromBob.timestamp, unreadCount: 1 };
    const carolAfter = { ...carol, lastMessage: 'Are you there?', lastMessageTime: '2026-11-22T14:05:00.000Z', unreadCount: 1 };
    const gateway = createFakeGateway([TEST_TOKEN]);
    renderApp({
      path: '/chat',
      webSocketImpl: gateway.WebSocket,
      mocks: [
        { ...sessionMock({ rooms: [{ id: bob.id, unreadCount: 0 }, { id: carol.id, unreadCount: 0 }] }), maxUsageCount: 1 },
        chatPage([bob, carol]),
        history(bob, [message(1, 1, 'Hi')]),
        // The second answers are the ones fetched again once the socket is back.
        sessionMock({ rooms: [{ id: bob.id, unreadCount: 1 }, { id: carol.id, unreadCount: 1 }] }),
        chatPage([bobAfter, carolAfter]),
        history(bobAfter, [message(1, 1, 'Hi'), missedFromBob]),
        markRead(bob.id),
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
    await waitFor(() => expect(rooms().map((button) => button.textContent)).toEqual(['BbobMissed you02:10 PM', 'CcarolAre you there?02:05 PM1 unread']));
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
          chatUsers: users.map((entry, index) => ({ __typename: 'ChatUser', id: `Q2hhdFVzZXI6${index}`, username: entry.username, firstName: entry.firstName ?? null, lastName: null, isAdmin: entry.isAdmin })),
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
        chatPage([]),
        chatUsers(null, [{ username: 'admin', isAdmin: true }, { username: 'erin', firstName: 'Erin', isAdmin: false }]),
        chatUsers('er', [{ username: 'erin', firstName: 'Erin', isAdmin: false }]),
        {
          request: { query: CreateChatRoomDocument, variables: { input: { participantUsername: 'erin' } } },
          result: { data: { createChatRoom: { __typename: 'CreateChatRoomPayload', room: erin, userErrors: [] } } },
        },
        history(erin, []),
      ],
    });
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'No conversations yet. Start one with + New Chat.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: '+ New Chat' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Chat' });
    await waitFor(() => expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['AadminAdmin', 'EErinerinUser', 'Cancel']));
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('name', 'search');
    await user.type(search, 'er');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(within(dialog).getByRole('list', { name: 'People' }).children).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: /Erin/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'erin', hidden: true })).toBeInTheDocument();
    expect(rooms().map((button) => button.textContent)).toEqual(['EerinNo messages yet']);
  });

  it('says when there is nobody to talk to, and when the people cannot be loaded', async () => {
    const { user } = renderApp({
      path: '/chat',
      mocks: [sessionMock(), chatPage([]), chatUsers(null, []), { request: { query: ChatUsersDocument, variables: { search: 'x' } }, error: new Error('Failed to fetch') }],
    });
    await user.click((await screen.findAllByRole('button', { name: '+ New Chat' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Chat' });
    expect(await within(dialog).findByText('No other users found. Make sure other users are registered in the system.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'x');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await within(dialog).findByText(/Failed to load users. Please try again or contact support./)).toBeInTheDocument();
  });
});
