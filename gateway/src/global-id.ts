// Relay global ids: opaque to clients, "Type:localId" inside (base64url), so node(id) knows where to look.
import type { RoomPlace } from './rest/room-pages.js';

export const NODE_TYPES = ['Product', 'User', 'ChatUser', 'Cart', 'Order', 'ChatRoom', 'Message'] as const;
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

// Connection cursors are opaque too: an offset for offset-paged lists, a message id for chat history, and a room's
// place in the viewer's list (its latest activity and its id) for chat rooms.
export const offsetCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
export const messageCursor = (messageId: number) => Buffer.from(`message:${messageId}`).toString('base64url');

function decodeCursor(cursor: string, prefix: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!decoded.startsWith(`${prefix}:`)) return undefined;
  const value = decoded.slice(prefix.length + 1);
  return /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

export const offsetFromCursor = (cursor: string) => decodeCursor(cursor, 'offset');
export const messageIdFromCursor = (cursor: string) => decodeCursor(cursor, 'message');


export const roomCursor = ({ activity, roomId }: RoomPlace) => Buffer.from(`room:${activity},${roomId}`).toString('base64url');

export function roomPlaceFromCursor(cursor: string): RoomPlace | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return undefined;
  const match = /^room:([0-9A-Za-z:.+-]{0,40}),([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const [, activity = '', roomId = ''] = match;
  // A time the gateway could not have written (a date that is none) names no place in the list.
  if (activity && Number.isNaN(Date.parse(activity))) return undefined;
  const id = Number(roomId);
  return Number.isSafeInteger(id) ? { activity, roomId: id } : undefined;
}
