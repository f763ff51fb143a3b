// One-to-one chat: a room per pair of users, messages newest first, unread counts per participant.
import { checkMessageContent } from '../../../shop-rules/order-rules.js';
import { REMOVED_MESSAGE_TEXT } from '../../../shop-rules/chat-report-rules.js';
import { badRequest, conflict, forbidden, notFound, orBadRequest } from '../shared/http-errors.js';
import type { BlockedPerson, ChatBlocksRepository } from './chat-blocks.repository.js';
import type { ChatReportsRepository } from './chat-reports.repository.js';
import { MAX_DATABASE_ID } from '../shared/schemas.js';
import { type Page, toPage } from '../shared/paging.js';
import type { UserRepository } from '../users/user.repository.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import {
  type ChatRepository,
  END_OF_LIST,
  type Membership,
  type MessageWithSender,
  type Participant,
  type RoomPosition,
} from './chat.repository.js';
import { type ChatMessageAnswer, roomPositionMessage, type RoomAnswer } from './chat.schemas.js';

/** How a participant or sender shows once they deleted their account (no username can contain a space). */
export const DELETED_USER = 'Deleted user';

export const DEFAULT_MESSAGE_PAGE_SIZE = 50;

/** A time as a refusal says it: '2026-12-01 10:00 UTC'. */
export const readableUtc = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** A page of rooms when only some other paging parameter is given: about what a sidebar shows. */
export const DEFAULT_ROOM_PAGE_SIZE = 20;

/**
 * A message as its room's participants see it: a removed one without its text. `asModerator`: with its text, for
 * the moderators' queue.
 */
export function toMessageAnswer(message: MessageWithSender, asModerator = false): ChatMessageAnswer {
  const removed = message.removedAt !== null;
  return {
    id: message.id,
    chatRoomId: message.roomId,
    senderUsername: message.senderUsername ?? DELETED_USER,
    content: removed && !asModerator ? '' : message.content,
    timestamp: message.createdAt,
    linksAllowed: message.plainLinks === 0,
    removed,
    report: null,
  };
}

/**
 * A page of the caller's rooms (extension): `after` narrows the list to the rooms after that one, page and size page
 * it; `before` answers the `size` rooms just before that one (or the list's last ones, for `end`).
 */
export interface RoomPaging {
  page: number;
  size: number;
  after?: RoomPosition | undefined;
  before?: RoomPosition | typeof END_OF_LIST | undefined;
  unreadOnly: boolean;
}

/**
 * `after` or `before` (a room's lastActivityAt and id) as a position in the list. The time is compared as stored, an
 * ISO string in milliseconds, so it is written that way whatever precision it came with.
 */
export function roomPositionOf(position: string, field: 'after' | 'before'): RoomPosition {
  const [time = '', id = ''] = position.split(',');
  const activity = new Date(time);
  const roomId = Number(id);
  if (Number.isNaN(activity.getTime()) || !Number.isSafeInteger(roomId) || roomId < 1 || roomId > MAX_DATABASE_ID) {
    throw badRequest(roomPositionMessage(field), field);
  }
  return { lastActivityAt: activity.toISOString(), roomId };
}

/** `before`: a room's position, or `end` for the list's last rooms. */
export const roomPlaceBefore = (before: string) =>
  before === END_OF_LIST ? END_OF_LIST : roomPositionOf(before, 'before');

export interface MessagePaging {
  page?: number | undefined;
  size?: number | undefined;
  before?: number | undefined;
  /** Only messages newer than this id, the `size` that came next after it (0: the room's first). */
  after?: number | undefined;
}

export class ChatService {
  constructor(
    private readonly chat: ChatRepository,
    private readonly users: UserRepository,
    /** CHAT_LINKS_AFTER_HOURS: younger accounts' messages show their web addresses as plain text. */
    private readonly linksAfterHours = 0,
    /** Who blocked whom (extension chat-blocking); without it nobody has blocked anyone. */
    private readonly blocks?: ChatBlocksRepository,
    /** Reports of messages (extension chat-reports): each page of messages says which ones the caller reported. */
    private readonly reports?: ChatReportsRepository,
  ) {}

  /** A moderator suspended the caller's chat, and the time is not over: they read, and send nothing. */
  private refuseIfSuspended(viewer: AuthenticatedUser): void {
    const until = viewer.chatSuspendedUntil;
    if (until !== null && Date.parse(until) > Date.now())
      throw forbidden(
        `A moderator suspended your chat until ${readableUtc(until)}: you can read your messages, not send any`,
        'CHAT_SUSPENDED',
      );
  }

  /** The people the caller blocked, the latest first. */
  async blocked(viewer: AuthenticatedUser): Promise<BlockedPerson[]> {
    return this.blocks ? this.blocks.blocked(viewer.id) : [];
  }

  /**
   * Blocks `username` for the caller: they can no longer start a room with the caller or write to them, and their
   * room leaves the caller's list (and its unread messages the caller's count). Again: nothing changes.
   */
  async block(viewer: AuthenticatedUser, username: string): Promise<BlockedPerson> {
    const other = await this.users.findByUsername(username.trim());
    if (!other) throw notFound(`User "${username.trim()}" not found`, 'USER_NOT_FOUND', 'username');
    if (other.id === viewer.id) throw badRequest('You cannot block yourself', 'username');
    const blockedAt = await this.blocks!.block(viewer.id, other.id);
    return { id: other.id, username: other.username, blockedAt };
  }

  /** Ends the caller's block of `username` (none: nothing changes); their room comes back to the caller's list. */
  async unblock(viewer: AuthenticatedUser, username: string): Promise<void> {
    const other = await this.users.findByUsername(username.trim());
    if (!other) throw notFound(`User "${username.trim()}" not found`, 'USER_NOT_FOUND', 'username');
    await this.blocks!.unblock(viewer.id, other.id);
  }

  /**
   * Refuses a room or a message between the caller and `other` while either blocked the other: the blocked one hears
   * only that they cannot write to this person (not why), the blocker that they blocked them.
   */
  private async refuseIfBlocked(viewer: AuthenticatedUser, other: { id: number; username: string }, field: string) {
    if (!this.blocks) return;
    const blocks = await this.blocks.between(viewer.id, other.id);
    if (blocks.some((block) => block.blockerId === viewer.id))
      throw conflict(
        `You blocked ${other.username}: unblock them from your profile to write to them`,
        'USER_BLOCKED',
        field,
      );
    if (blocks.length > 0) throw forbidden(`You cannot send messages to ${other.username}`, 'MESSAGES_REFUSED');
  }

  private async describeRooms(viewer: AuthenticatedUser, memberships: Membership[]): Promise<RoomAnswer[]> {
    const roomIds = memberships.map((membership) => membership.roomId);
    const lastMessageIds = memberships.flatMap((membership) => membership.lastMessageId ?? []);
    const [participants, lastMessages, unread] = await Promise.all([
      this.chat.participants(roomIds),
      this.chat.messagesByIds(lastMessageIds),
      this.chat.unreadCounts(viewer.id, roomIds),
    ]);
    const participantsByRoom = new Map<number, Participant[]>();
    for (const participant of participants) {
      participantsByRoom.set(participant.roomId, [...(participantsByRoom.get(participant.roomId) ?? []), participant]);
    }
    const messageById = new Map(lastMessages.map((message) => [message.id, message]));
    return memberships.map((membership) => {
      const members = participantsByRoom.get(membership.roomId) ?? [];
      const other = members.find((member) => member.userId !== viewer.id);
      const lastMessage = membership.lastMessageId ? messageById.get(membership.lastMessageId) : undefined;
      return {
        id: membership.roomId,
        roomName: other?.username ?? DELETED_USER,
        participantUsernames: members.map((member) => member.username ?? DELETED_USER),
        participantIds: members.map((member) => member.userId),
        // A removed message's text is nobody's to read: the room says what became of it.
        lastMessage: lastMessage ? (lastMessage.removedAt === null ? lastMessage.content : REMOVED_MESSAGE_TEXT) : null,
        lastMessageTime: lastMessage?.createdAt ?? null,
        createdAt: membership.createdAt,
        lastActivityAt: membership.lastActivityAt,
        unreadCount: unread.get(membership.roomId) ?? 0,
      };
    });
  }

  /**
   * Every room of the caller, the most recently active first (by the latest message, or by creation before the
   * first; among equals, the newer room first). Unbounded: the plain contract's list.
   */
  async rooms(viewer: AuthenticatedUser): Promise<RoomAnswer[]> {
    return this.describeRooms(viewer, await this.chat.roomsByActivity(viewer.id, {}));
  }

  /**
   * Just these of the caller's rooms, in the list's order (extension): ids of others' rooms or of none are left out.
   */
  async roomsByIds(viewer: AuthenticatedUser, roomIds: readonly number[]): Promise<RoomAnswer[]> {
    return this.describeRooms(viewer, await this.chat.roomsByActivity(viewer.id, { roomIds }));
  }

  /** A page of the caller's rooms in the same order (extension): only the page's rooms are read and described. */
  async roomPage(viewer: AuthenticatedUser, paging: RoomPaging): Promise<Page<RoomAnswer>> {
    const selection = { after: paging.after, before: paging.before, unreadOnly: paging.unreadOnly };
    // Counted back from a place, there is one page: the rooms nearest it.
    const page = paging.before ? 0 : paging.page;
    const [memberships, total] = await Promise.all([
      this.chat.roomsByActivity(viewer.id, selection, { offset: page * paging.size, limit: paging.size }),
      this.chat.countRooms(viewer.id, selection),
    ]);
    return toPage(await this.describeRooms(viewer, memberships), total, { page, size: paging.size });
  }

  /** `field`: the request field that named the room (a path's roomId, or the receiver of the send path). */
  private async membership(viewer: AuthenticatedUser, roomId: number, field = 'roomId'): Promise<Membership> {
    const membership = await this.chat.membership(viewer.id, roomId);
    if (membership) return membership;
    if (await this.chat.roomExists(roomId))
      throw forbidden('You are not a participant of this chat', 'NOT_A_PARTICIPANT');
    throw notFound('Chat room not found', 'CHAT_ROOM_NOT_FOUND', field);
  }

  async room(viewer: AuthenticatedUser, roomId: number): Promise<RoomAnswer> {
    const [room] = await this.describeRooms(viewer, [await this.membership(viewer, roomId)]);
    return room!;
  }

  async createRoom(viewer: AuthenticatedUser, participantUsername: string): Promise<RoomAnswer> {
    const username = participantUsername.trim();
    // Blank is a missing field (400), not a user that does not exist (404).
    if (!username) throw badRequest('Participant username is required', 'participantUsername');
    this.refuseIfSuspended(viewer);
    const other = await this.users.findByUsername(username);
    if (!other) throw notFound(`User "${username}" not found`, 'USER_NOT_FOUND', 'participantUsername');
    if (other.id === viewer.id) throw badRequest('You cannot start a chat with yourself', 'participantUsername');
    await this.refuseIfBlocked(viewer, other, 'participantUsername');
    return this.room(viewer, await this.chat.findOrCreateRoom(viewer.id, other.id));
  }

  async messages(viewer: AuthenticatedUser, roomId: number, paging: MessagePaging): Promise<Page<ChatMessageAnswer>> {
    await this.membership(viewer, roomId);
    return this.pageOfMessages(viewer, roomId, paging);
  }

  /**
   * A page of messages with the room they are in (extension messages-room): an opened chat in one call. The
   * membership read to let the caller in describes the room too.
   */
  async messagesWithRoom(
    viewer: AuthenticatedUser,
    roomId: number,
    paging: MessagePaging,
  ): Promise<Page<ChatMessageAnswer> & { room: RoomAnswer }> {
    const membership = await this.membership(viewer, roomId);
    const [page, [room]] = await Promise.all([
      this.pageOfMessages(viewer, roomId, paging),
      this.describeRooms(viewer, [membership]),
    ]);
    return Object.assign(page, { room: room! });
  }

  private async pageOfMessages(
    viewer: AuthenticatedUser,
    roomId: number,
    paging: MessagePaging,
  ): Promise<Page<ChatMessageAnswer>> {
    const size = paging.size ?? DEFAULT_MESSAGE_PAGE_SIZE;
    // From a message, there is one page: the messages nearest it.
    const page = paging.before === undefined && paging.after === undefined ? (paging.page ?? 0) : 0;
    const range = { beforeId: paging.before, afterId: paging.after };
    const [messages, total] = await Promise.all([
      this.chat.messages(roomId, { offset: page * size, limit: size, ...range }),
      this.chat.countMessages(roomId, range),
    ]);
    const answers = messages.map((message) => toMessageAnswer(message));
    if (this.reports) {
      // The caller's reports among the page's messages (read off the reports' (message, reporter) key).
      const reports = await this.reports.ofReporter(
        viewer.id,
        answers.map((message) => message.id),
      );
      for (const report of reports) {
        const answer = answers.find((message) => message.id === report.messageId)!;
        answer.report = { id: report.id, reason: report.reason, status: report.status };
      }
    }
    return toPage(answers, total, { page, size });
  }

  /**
   * Sends to the receiver named in the path, in the room of the pair (created on the first message). The original
   * client puts a room id there instead; usernames always contain a letter, so an all-digit segment is a room id.
   */
  async send(viewer: AuthenticatedUser, receiver: string, content: string): Promise<ChatMessageAnswer> {
    const text = orBadRequest(checkMessageContent(content));
    this.refuseIfSuspended(viewer);
    let roomId: number;
    if (/^\d+$/.test(receiver)) {
      roomId = Number(receiver);
      if (roomId > MAX_DATABASE_ID) throw notFound('Chat room not found', 'CHAT_ROOM_NOT_FOUND', 'receiver');
      await this.membership(viewer, roomId, 'receiver');
      const participants = await this.chat.participants([roomId]);
      const other = participants.find((participant) => participant.userId !== viewer.id && participant.userId !== null);
      if (!other) throw notFound('The other participant has deleted their account', 'USER_NOT_FOUND');
      await this.refuseIfBlocked(viewer, { id: other.userId!, username: other.username ?? DELETED_USER }, 'receiver');
    } else {
      const other = await this.users.findByUsername(receiver);
      if (!other) throw notFound(`User "${receiver}" not found`, 'USER_NOT_FOUND', 'receiver');
      if (other.id === viewer.id) throw badRequest('You cannot send a message to yourself', 'receiver');
      await this.refuseIfBlocked(viewer, other, 'receiver');
      roomId = await this.chat.findOrCreateRoom(viewer.id, other.id);
    }
    const accountAgeMs = Date.now() - Date.parse(viewer.createdAt);
    const plainLinks = accountAgeMs < this.linksAfterHours * 3_600_000;
    const messageId = await this.chat.insertMessage(roomId, viewer.id, text, plainLinks);
    const [message] = await this.chat.messagesByIds([messageId]);
    return toMessageAnswer(message!);
  }

  async unreadCount(viewer: AuthenticatedUser, roomId: number): Promise<number> {
    await this.membership(viewer, roomId);
    return (await this.chat.unreadCounts(viewer.id, [roomId])).get(roomId) ?? 0;
  }

  /** Every unread message of the caller, over all their rooms (extension): the chat badge. */
  unreadTotal(viewer: AuthenticatedUser): Promise<number> {
    return this.chat.unreadTotal(viewer.id);
  }

  async markRead(viewer: AuthenticatedUser, roomId: number): Promise<void> {
    await this.membership(viewer, roomId);
    await this.chat.markRead(roomId, viewer.id);
  }

  /**
   * Rooms are unique per pair by a constraint, so no duplicates can exist; what can pile up is rooms nobody can see.
   */
  async cleanup(): Promise<number> {
    return this.chat.deleteAbandonedRooms();
  }
}
