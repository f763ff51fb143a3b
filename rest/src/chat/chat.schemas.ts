// Chat rooms and messages of spec §3 on the wire.
import { Type, type Static } from 'typebox';
import { MAX_PAGE_SIZE, PageSchema } from '../shared/paging.js';
import { DatabaseId, Nullable, Timestamp } from '../shared/schemas.js';

import { MAX_MESSAGE_LENGTH } from '../../../shop-rules/order-rules.js';

export { MAX_MESSAGE_LENGTH };

export const ChatMessageAnswer = Type.Object({
  id: Type.Integer(),
  chatRoomId: Type.Integer(),
  senderUsername: Type.String({ description: '"Deleted user" once the sender deleted their account' }),
  content: Type.String(),
  timestamp: Timestamp,
});
export type ChatMessageAnswer = Static<typeof ChatMessageAnswer>;

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
  unreadCount: number;
  participantIds: (number | null)[];
}

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
          before: Type.Optional(Type.Integer({ ...DatabaseId, description: 'Only messages older than this id (extension)' })),
        }
      : {}),
  });

export const MessagePage = PageSchema(ChatMessageAnswer);

export const UnreadCountAnswer = Type.Object({ unreadCount: Type.Integer() });

export const CleanupAnswer = Type.Object({
  removedRooms: Type.Integer({ description: 'Duplicate rooms and rooms no participant can see any more' }),
});
