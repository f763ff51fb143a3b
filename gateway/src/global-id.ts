// Relay global ids: opaque to clients, "Type:localId" inside (base64url), so node(id) knows where to look.
import { createHash } from 'node:crypto';
import type { ItemPlace } from './rest/plain-contract/product-pages.js';
import type { RoomPlace } from './rest/plain-contract/room-pages.js';

export const NODE_TYPES = [
  'Product',
  'User',
  'ChatUser',
  'Cart',
  'Order',
  'ChatRoom',
  'Message',
  'Category',
  'Address',
  'ShippingMethod',
  'TaxRate',
  // A report of a chat message; the reporter's ChatReport has the same id (it is no Node).
  'ReportedMessage',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export function toGlobalId(type: NodeType, localId: string | number): string {
  return Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');
}

export interface DecodedGlobalId {
  type: NodeType;
  localId: string;
}

export function fromGlobalId(globalId: string): DecodedGlobalId | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(globalId)) return undefined;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  // One id per node: base64 has spare bits in its last character, so other spellings decode alike; only ours counts.
  if (Buffer.from(decoded, 'utf8').toString('base64url') !== globalId) return undefined;
  const separator = decoded.indexOf(':');
  if (separator < 0) return undefined;
  const type = decoded.slice(0, separator) as NodeType;
  if (!NODE_TYPES.includes(type)) return undefined;
  return { type, localId: decoded.slice(separator + 1) };
}

/** The numeric id inside a global id of the given type; undefined for anything else. */
export function numericIdOf(globalId: string, type: NodeType): number | undefined {
  const decoded = fromGlobalId(globalId);
  if (!decoded || decoded.type !== type || !/^[1-9][0-9]{0,15}$/.test(decoded.localId)) return undefined;
  const id = Number(decoded.localId);
  // Beyond 2^53 a number is not the one written: such an id names nothing rather than a neighbour.
  return Number.isSafeInteger(id) ? id : undefined;
}

// Connection cursors are opaque: an offset for offset-paged lists (orders), an offset and an id for products (paged by
// keyset from the id), a message id for chat history, and a room's place in the viewer's list (its latest activity and
// its id) for chat rooms, each written as text ("offset:19", "at:19,342"), then sealed:
// a version byte and the text masked, in base64url. A client cannot read one, so none builds on what is inside (it is
// free to change); one made up or mangled reads as no cursor. Not a secret: a cursor grants nothing a client could
// not page to.
const CURSOR_VERSION = 1;
const CURSOR_MASK = createHash('sha256').update('medshop connection cursors').digest();
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,100}$/;

function sealCursor(text: string): string {
  const plain = Buffer.from(text, 'utf8');
  const sealed = Buffer.alloc(plain.length + 1);
  sealed[0] = CURSOR_VERSION;
  for (let index = 0; index < plain.length; index += 1)
    sealed[index + 1] = plain[index]! ^ CURSOR_MASK[index % CURSOR_MASK.length]!;
  return sealed.toString('base64url');
}

/** The text inside a cursor; undefined for anything that is not one. */
function openCursor(cursor: string): string | undefined {
  if (!CURSOR_TEXT.test(cursor)) return undefined;
  const sealed = Buffer.from(cursor, 'base64url');
  // The previous release's cursors were the text in plain base64url: read for one release, so that a page a client
  // holds across the upgrade still goes on.
  if (sealed[0] !== CURSOR_VERSION) return sealed.toString('utf8');
  const plain = Buffer.alloc(sealed.length - 1);
  for (let index = 0; index < plain.length; index += 1)
    plain[index] = sealed[index + 1]! ^ CURSOR_MASK[index % CURSOR_MASK.length]!;
  return plain.toString('utf8');
}

export const offsetCursor = (offset: number) => sealCursor(`offset:${offset}`);
export const messageCursor = (messageId: number) => sealCursor(`message:${messageId}`);

function decodeCursor(cursor: string, prefix: string): number | undefined {
  const decoded = openCursor(cursor);
  if (!decoded?.startsWith(`${prefix}:`)) return undefined;
  const value = decoded.slice(prefix.length + 1);
  return /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

export const offsetFromCursor = (cursor: string) => decodeCursor(cursor, 'offset');

/**
 * An item's cursor in a list ordered by id (products): its offset and its id, so that the next page is read from the
 * id on (keyset) where the contract allows, the offset telling where the page stands in the list.
 */
export const itemCursor = (offset: number, id: number) => sealCursor(`at:${offset},${id}`);

/** The place an item cursor names; an offset cursor (an earlier release's, or an offset-paged list's) has no id. */
export function itemPlaceFromCursor(cursor: string): ItemPlace | undefined {
  const at = /^at:([0-9]{1,15}),([1-9][0-9]{0,15})$/.exec(openCursor(cursor) ?? '');
  if (at) {
    const id = Number(at[2]);
    return Number.isSafeInteger(id) ? { offset: Number(at[1]), id } : undefined;
  }
  const offset = offsetFromCursor(cursor);
  return offset === undefined ? undefined : { offset };
}
export const messageIdFromCursor = (cursor: string) => decodeCursor(cursor, 'message');

export const roomCursor = ({ activity, roomId }: RoomPlace) => sealCursor(`room:${activity},${roomId}`);

export function roomPlaceFromCursor(cursor: string): RoomPlace | undefined {
  const match = /^room:([0-9A-Za-z:.+-]{0,40}),([1-9][0-9]{0,15})$/.exec(openCursor(cursor) ?? '');
  if (!match) return undefined;
  const [, activity = '', roomId = ''] = match;
  // A time the gateway could not have written (a date that is none) names no place in the list.
  if (activity && Number.isNaN(Date.parse(activity))) return undefined;
  const id = Number(roomId);
  return Number.isSafeInteger(id) ? { activity, roomId: id } : undefined;
}
