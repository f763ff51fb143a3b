// Chat rooms and messages of spec §3 on the wire.
import { Type, type Static } from 'typebox';
import { MAX_PAGE_SIZE, PageQuery, PageSchema } from '../shared/paging.js';
import { DatabaseId, MAX_DATABASE_ID, Nullable, Timestamp } from '../shared/schemas.js';

import { MAX_MESSAGE_LENGTH } from '../../../shop-rules/order-rules.js';
import { REPORT_REASONS, REPORT_STATUSES } from '../../../shop-rules/chat-report-rules.js';

export { MAX_MESSAGE_LENGTH };

export const ChatMessageAnswer = Type.Object({
  id: Type.Integer(),
  chatRoomId: Type.Integer(),
  senderUsername: Type.String({ description: '"Deleted user" once the sender deleted their account' }),
  content: Type.String(),
  timestamp: Timestamp,
});
/**
 * With the extensions: whether its web addresses may show as links (chat-links). An answer schema without it (the
 * plain contract's) leaves it out of the answer.
 */
export type ChatMessageAnswer = Static<typeof ChatMessageAnswer> & {
  linksAllowed: boolean;
  removed: boolean;
  report: CallerReport | null;
};
/** The caller's own report of a message, as the messages they read say it (extension chat-reports). */
export const CallerReport = Type.Object(
  {
    id: Type.Integer(),
    reason: Type.String({ enum: [...REPORT_REASONS] }),
    status: Type.String({
      enum: [...REPORT_STATUSES],
      description: 'OPEN until a moderator decides; then what they decided',
    }),
  },
  { description: 'The caller’s report of this message (extension chat-reports); null when they made none' },
);
export type CallerReport = Static<typeof CallerReport>;
export const ChatMessageWithLinks = Type.Object({
  ...ChatMessageAnswer.properties,
  linksAllowed: Type.Boolean({
    description:
      'Whether its web addresses may show as links (extension chat-links): false when its sender’s account was younger than CHAT_LINKS_AFTER_HOURS as it was sent',
  }),
  removed: Type.Boolean({
    description:
      'A moderator removed it (extension chat-reports): its content is then empty, and a room whose last message it is has ‘This message was removed by a moderator.’ as its lastMessage',
  }),
  report: Nullable(CallerReport),
});
/** A message as answered: with `linksAllowed` while the extensions are on. */
export const MessageAnswer = (extensions: boolean) => (extensions ? ChatMessageWithLinks : ChatMessageAnswer);

export const RoomAnswer = (extensions: boolean) =>
  Type.Object({
    id: Type.Integer(),
    roomName: Type.String({ description: 'The other participant’s username' }),
    participantUsernames: Type.Array(Type.String()),
    lastMessage: Nullable(Type.String()),
    lastMessageTime: Nullable(Timestamp),
    createdAt: Timestamp,
    ...(extensions
      ? {
          unreadCount: Type.Integer({ description: 'Messages from others the caller has not read (extension)' }),
          lastActivityAt: Type.String({
            format: 'date-time',
            description:
              'When the room was last active: its latest message’s time, or its creation before the first; what the rooms are ordered by, and with the id the `after` of the next page (extension)',
          }),
          participantIds: Type.Array(Nullable(Type.Integer()), {
            description:
              'The user ids of participantUsernames, in the same order; null for a deleted account (extension). A username can be taken again after its account is deleted, an id never is.',
          }),
        }
      : {}),
  });
export interface RoomAnswer {
  id: number;
  roomName: string;
  participantUsernames: string[];
  lastMessage: string | null;
  lastMessageTime: string | null;
  createdAt: string;
  lastActivityAt: string;
  unreadCount: number;
  participantIds: (number | null)[];
}

/** How a room's place in the list is written in `after` and `before`: its lastActivityAt and its id. */
export const ROOM_POSITION_EXAMPLE = '2026-11-22T09:36:04.309Z,42';
export const roomPositionMessage = (field: 'after' | 'before') =>
  field === 'after'
    ? `After must be a room’s lastActivityAt and id, as in ${ROOM_POSITION_EXAMPLE}`
    : `Before must be a room’s lastActivityAt and id, as in ${ROOM_POSITION_EXAMPLE}, or end`;
const ROOM_POSITION_PATTERN = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z,[1-9]\\d{0,9}';

export const RoomsQuery = (extensions: boolean) =>
  extensions
    ? Type.Intersect([
        PageQuery,
        Type.Object({
          after: Type.Optional(
            Type.String({
              pattern: `^${ROOM_POSITION_PATTERN}$`,
              errorMessage: { pattern: roomPositionMessage('after') },
              description: `Only the rooms after this one, as the list is ordered: its lastActivityAt and id, comma-separated (\`${ROOM_POSITION_EXAMPLE}\`; extension). Keyset paging: a room that becomes active meanwhile moves above the position, so no room is answered twice`,
            }),
          ),
          before: Type.Optional(
            Type.String({
              pattern: `^(${ROOM_POSITION_PATTERN}|end)$`,
              errorMessage: { pattern: roomPositionMessage('before') },
              description: `The \`size\` rooms just before this one, in the list's order (most recently active first), written as for \`after\`; \`end\` for the list's last rooms. \`totalElements\` counts the rooms before it. Not with \`after\` (extension: two-way-paging)`,
            }),
          ),
          unread: Type.Optional(
            Type.Boolean({ description: 'true: only the rooms with messages the caller has not read (extension)' }),
          ),
          ids: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$',
              errorMessage: { pattern: 'IDs must be up to 100 comma-separated room ids' },
              description:
                'Comma-separated ids: just those of the caller’s rooms, as a list (extension); others’ rooms and unknown ids are left out',
            }),
          ),
        }),
      ])
    : Type.Object({});

export const RoomListAnswer = (extensions: boolean) =>
  extensions
    ? Type.Union([Type.Array(RoomAnswer(true)), PageSchema(RoomAnswer(true))], {
        description:
          'Most recently active first; a page object when page, size, after or unread is given (not with ids)',
      })
    : Type.Array(RoomAnswer(false));

export const CreateRoomBody = Type.Object({ participantUsername: Type.String({ minLength: 1, maxLength: 50 }) });

export const RoomParams = Type.Object({ roomId: DatabaseId });

export const ReceiverParams = Type.Object({
  receiver: Type.String({
    minLength: 1,
    maxLength: 50,
    description: 'The receiver’s username (a room id is also understood, as the original client sends one)',
  }),
});

export const SendBody = Type.Object({
  // Named like the service's other refusal ("Message must not be empty") rather than after the field.
  // Blank or too long (counted after trimming) is checked by the rule shared with the gateway (shop-rules).
  content: Type.String(),
});

export const MessagesQuery = (extensions: boolean) =>
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
    ...(extensions
      ? {
          // Bounded like every id: PostgreSQL refuses to compare an integer column with a larger number (500).
          before: Type.Optional(
            Type.Integer({ ...DatabaseId, description: 'Only messages older than this id (extension)' }),
          ),
          after: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: MAX_DATABASE_ID,
              description:
                'The `size` messages that came next after this id (0: the room’s first), answered newest first like every page; `totalElements` counts the messages after it. Not with `before` (extension: two-way-paging)',
            }),
          ),
          include: Type.Optional(
            Type.String({
              enum: [INCLUDE_ROOM],
              description: `\`${INCLUDE_ROOM}\`: the answer carries the room too, as the rooms list describes it, so an opened chat is one call (extension: ${MESSAGES_ROOM})`,
            }),
          ),
        }
      : {}),
  });

/** The name of the extension in Contract-Extensions: a page of messages can carry its room (`include=room`). */
export const MESSAGES_ROOM = 'messages-room';
/** The value of `include` that asks for it. */
export const INCLUDE_ROOM = 'room';

/** A page of messages; with the extensions and `include=room`, its room as well. */
export const MessagePage = (extensions: boolean) =>
  extensions
    ? Type.Object({
        ...PageSchema(ChatMessageWithLinks).properties,
        room: Type.Optional(RoomAnswer(true)),
      })
    : PageSchema(ChatMessageAnswer);

export const UnreadCountAnswer = Type.Object({ unreadCount: Type.Integer() });

export const CleanupAnswer = Type.Object({
  removedRooms: Type.Integer({ description: 'Duplicate rooms and rooms no participant can see any more' }),
});
