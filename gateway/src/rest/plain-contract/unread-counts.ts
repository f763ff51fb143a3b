// The viewer's unread messages over every room (the chat badge): one call where the implementation counts them
// (GET /api/chat/unread-count, an extension), every room's count added up where it has no such call.
import { UpstreamRejection } from '../../errors.js';
import type { Loaders } from '../loaders.js';
import type { RestApi } from '../rest-api.js';

export async function unreadMessageCount(api: RestApi, loaders: Loaders): Promise<number> {
  try {
    return await api.chat.unreadTotal();
  } catch (error) {
    // A 404 or 405 for the path itself: the plain contract does not know it.
    if (!(error instanceof UpstreamRejection && (error.status === 404 || error.status === 405))) throw error;
  }
  const rooms = await loaders.rooms.get();
  const counts = await Promise.all(rooms.map((room) => loaders.unreadCountOf(room)));
  return counts.reduce((sum, count) => sum + count, 0);
}
