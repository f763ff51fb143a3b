// Several products or rooms by id in one call: just those where the implementation takes `ids` (an extension), every
// one where it ignores `ids` (the plain contract), which the answer shows as products or rooms not asked for. Either
// way the ones asked for are kept here.
import type { RestChatRoom, RestProduct } from '../contract.js';
import type { Once } from '../loaders.js';
import type { RestApi } from '../rest-api.js';

/** The products asked for, by id; an id no product has is left out. */
export async function productsByIds(api: RestApi, ids: readonly number[]): Promise<Map<number, RestProduct>> {
  const answer = await api.products.byIds(ids);
  const list = Array.isArray(answer) ? answer : answer.content;
  const wanted = new Set(ids);
  return new Map(list.filter((product) => wanted.has(product.id)).map((product) => [product.id, product]));
}

/**
 * The rooms asked for, in the order of `ids` (null for an id no room of the viewer's has). An answer with rooms not
 * asked for is the whole list: kept in `everyRoom`, it serves the rest of the request.
 */
export async function roomsByIds(
  api: RestApi,
  ids: readonly number[],
  everyRoom: Once<RestChatRoom[]>,
): Promise<(RestChatRoom | null)[]> {
  const answer = await api.chat.roomsByIds(ids);
  if (answer.some((room) => !ids.includes(room.id))) everyRoom.prime(answer);
  return ids.map((id) => answer.find((room) => room.id === id) ?? null);
}
