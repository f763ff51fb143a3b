// Unread messages: a room's, told on the room where the implementation tells it (an extension), else asked of
// GET /api/chat/rooms/{id}/unread-count; and the viewer's over every room (the chat badge), one call where the
// implementation counts them (GET /api/chat/unread-count, an extension), every room's count added up where not.
import { UpstreamRejection } from '../../errors.js';
import type { RestChatRoom } from '../contract.js';
import type { Loaders } from '../loaders.js';
import type { RestApi } from '../rest-api.js';

/** The room's unread count: on the room where the extension tells it, otherwise one call per room (batched). */
export function unreadCountOf(loaders: Loaders, room: RestChatRoom): number | Promise<number> {
  return room.unreadCount ?? loaders.unreadCountByRoomId.load(room.id);
}

export async function unreadMessageCount(api: RestApi, loaders: Loaders): Promise<number> {
  try {
    return await api.chat.unreadTotal();
  } catch (error) {
    // A 404 or 405 for the path itself: the plain contract does not know it.
    if (!(error instanceof UpstreamRejection && (error.status === 404 || error.status === 405))) throw error;
  }
  const rooms = await loaders.rooms.get();
  const counts = await Promise.all(rooms.map((room) => unreadCountOf(loaders, room)));
  return counts.reduce((sum, count) => sum + count, 0);
}
