// Global ids and connection cursors: base64url text outside, "Type:localId" inside a global id; "offset:n" /
// "message:id" / "room:activity,id" sealed inside a cursor (and read in the previous release's plain form).
// Whatever a client sends, decoding answers a value or undefined, never throws.
import { describe, expect, it } from 'vitest';
import {
  NODE_TYPES,
  fromGlobalId,
  messageCursor,
  messageIdFromCursor,
  numericIdOf,
  offsetCursor,
  offsetFromCursor,
  roomCursor,
  roomPlaceFromCursor,
  toGlobalId,
} from './global-id.js';

/** What a client could send: any text, base64url-encoded as the gateway encodes. */
const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('toGlobalId', () => {
  it.each([
    { type: 'Product', localId: 1, id: 'UHJvZHVjdDox' },
    { type: 'Order', localId: 42, id: 'T3JkZXI6NDI' },
    { type: 'ChatRoom', localId: '3', id: 'Q2hhdFJvb206Mw' },
    { type: 'Message', localId: '3.17', id: 'TWVzc2FnZTozLjE3' },
  ] as const)('encodes $type $localId as $id', ({ type, localId, id }) => {
    expect(toGlobalId(type, localId)).toBe(id);
  });
});

describe('fromGlobalId', () => {
  it.each(NODE_TYPES.map((type) => [type]))('reads back a %s id', (type) => {
    expect(fromGlobalId(toGlobalId(type, 'local:id.7'))).toEqual({ type, localId: 'local:id.7' });
  });

  it.each([
    { why: 'an empty local id', id: encoded('Product:'), decoded: { type: 'Product', localId: '' } },
    { why: 'everything after the first colon', id: encoded('Order:1:2'), decoded: { type: 'Order', localId: '1:2' } },
    { why: 'non-ASCII local ids', id: encoded('ChatUser:jürgen'), decoded: { type: 'ChatUser', localId: 'jürgen' } },
  ])('keeps $why', ({ id, decoded }) => {
    expect(fromGlobalId(id)).toEqual(decoded);
  });

  it.each([
    { why: 'empty text', id: '' },
    { why: 'standard base64 padding', id: 'UHJvZHVjdDox=' },
    { why: "standard base64's + and /", id: 'UHJv+ZHVj/dDox' },
    { why: 'spaces', id: 'UHJvZHVj dDox' },
    { why: 'the decoded text itself', id: 'Product:1' },
    { why: 'more than 200 characters', id: encoded(`Product:${'1'.repeat(150)}`) },
    { why: 'no colon inside', id: encoded('Product1') },
    { why: 'an unknown type', id: encoded('Invoice:1') },
    { why: 'a type in the wrong case', id: encoded('product:1') },
    { why: 'a cursor', id: encoded('offset:1') },
    { why: 'an inherited property name as type', id: encoded('constructor:1') },
    { why: 'bytes that are no text', id: 'gICA' },
  ])('refuses $why', ({ id }) => {
    expect(fromGlobalId(id)).toBeUndefined();
  });

  it.each([
    // "Product:1" is UHJvZHVjdDox; the last character's spare bits can be set otherwise and decode alike.
    { id: 'UHJvZHVjdDoxA' },
    { id: 'UHJvZHVjdDoxB' },
    { id: 'UHJvZHVjdDoy' + 'A' },
  ])('refuses $id, another spelling of an id, so that one node has one id', ({ id }) => {
    expect(fromGlobalId(id)).toBeUndefined();
  });

  it('accepts 200 characters, the longest id', () => {
    const id = encoded(`Product:${'1'.repeat(142)}`);
    expect(id).toHaveLength(200);
    expect(fromGlobalId(id)).toEqual({ type: 'Product', localId: '1'.repeat(142) });
  });
});

describe('numericIdOf', () => {
  it.each([
    { id: toGlobalId('Product', 1), type: 'Product', value: 1 },
    { id: toGlobalId('Order', 42), type: 'Order', value: 42 },
    { id: toGlobalId('ChatRoom', 2_147_483_647), type: 'ChatRoom', value: 2_147_483_647 },
    { id: toGlobalId('Product', Number.MAX_SAFE_INTEGER), type: 'Product', value: Number.MAX_SAFE_INTEGER },
  ] as const)('reads $value from a $type id', ({ id, type, value }) => {
    expect(numericIdOf(id, type)).toBe(value);
  });

  it.each([
    { why: 'an id of another type', id: toGlobalId('Order', 1), type: 'Product' },
    { why: 'a composite Message id', id: toGlobalId('Message', '3.17'), type: 'Message' },
    { why: 'zero', id: toGlobalId('Product', 0), type: 'Product' },
    { why: 'a negative id', id: toGlobalId('Product', -1), type: 'Product' },
    { why: 'a leading zero', id: toGlobalId('Product', '01'), type: 'Product' },
    { why: 'a fraction', id: toGlobalId('Product', '1.5'), type: 'Product' },
    { why: 'an exponent', id: toGlobalId('Product', '1e3'), type: 'Product' },
    { why: 'hexadecimal', id: toGlobalId('Product', '0x10'), type: 'Product' },
    { why: 'surrounding space', id: toGlobalId('Product', ' 1'), type: 'Product' },
    { why: 'letters', id: toGlobalId('Product', 'abc'), type: 'Product' },
    { why: 'an empty local id', id: toGlobalId('Product', ''), type: 'Product' },
    { why: 'Infinity', id: toGlobalId('Product', 'Infinity'), type: 'Product' },
    { why: '17 digits', id: toGlobalId('Product', '10000000000000000'), type: 'Product' },
    { why: '16 digits beyond the safe integers', id: toGlobalId('Product', '9007199254740993'), type: 'Product' },
    { why: 'text that is no global id', id: 'garbage!', type: 'Product' },
  ] as const)('refuses $why', ({ id, type }) => {
    expect(numericIdOf(id, type)).toBeUndefined();
  });
});

/** A cursor that base64url-decodes to no readable text: its version byte, then the text masked. */
function expectSealed(cursor: string, readable: string) {
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(Buffer.from(cursor, 'base64url')[0]).toBe(1);
  expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain(readable);
}

describe('cursors', () => {
  it.each([
    { cursor: offsetCursor(0), text: 'b2Zmc2V0OjA', offset: 0 },
    { cursor: offsetCursor(19), text: 'b2Zmc2V0OjE5', offset: 19 },
    { cursor: offsetCursor(999_999_999_999_999), text: encoded('offset:999999999999999'), offset: 999_999_999_999_999 },
  ])("an offset cursor reads back as $offset, and so does the previous release's $text", ({ cursor, text, offset }) => {
    expectSealed(cursor, 'offset:');
    expect(offsetFromCursor(cursor)).toBe(offset);
    expect(offsetFromCursor(text)).toBe(offset);
  });

  it.each([
    { cursor: messageCursor(1), text: 'bWVzc2FnZTox', id: 1 },
    { cursor: messageCursor(120), text: 'bWVzc2FnZToxMjA', id: 120 },
  ])("a message cursor reads back as $id, and so does the previous release's $text", ({ cursor, text, id }) => {
    expectSealed(cursor, 'message:');
    expect(messageIdFromCursor(cursor)).toBe(id);
    expect(messageIdFromCursor(text)).toBe(id);
  });

  it('reads leading zeros as the number they write', () => {
    expect(offsetFromCursor(encoded('offset:007'))).toBe(7);
  });

  it.each([
    { why: 'a message cursor', cursor: messageCursor(5) },
    { why: 'a global id', cursor: toGlobalId('Product', 5) },
    { why: 'a prefix without its colon', cursor: encoded('offset5') },
    { why: 'a prefix with another separator', cursor: encoded('offset;5') },
    { why: 'a longer prefix', cursor: encoded('offsets:5') },
    { why: 'a negative offset', cursor: encoded('offset:-1') },
    { why: 'a fraction', cursor: encoded('offset:1.5') },
    { why: 'an exponent', cursor: encoded('offset:1e3') },
    { why: 'no number', cursor: encoded('offset:') },
    { why: 'a trailing space', cursor: encoded('offset:5 ') },
    { why: '16 digits', cursor: encoded('offset:1000000000000000') },
    { why: 'standard base64 padding', cursor: `${offsetCursor(1)}=` },
    { why: 'empty text', cursor: '' },
    { why: 'the decoded text itself', cursor: 'offset:5' },
  ])('an offset cursor refuses $why', ({ cursor }) => {
    expect(offsetFromCursor(cursor)).toBeUndefined();
  });

  it.each([
    { why: 'an offset cursor', cursor: offsetCursor(5) },
    { why: 'a Message global id', cursor: toGlobalId('Message', '3.17') },
    { why: 'a negative id', cursor: encoded('message:-1') },
    { why: 'a composite id', cursor: encoded('message:3.17') },
    { why: '16 digits', cursor: encoded('message:1000000000000000') },
  ])('a message cursor refuses $why', ({ cursor }) => {
    expect(messageIdFromCursor(cursor)).toBeUndefined();
  });

  it.each([
    {
      place: { activity: '2026-11-22T09:36:04.309Z', roomId: 42 },
      text: 'cm9vbToyMDI2LTExLTIyVDA5OjM2OjA0LjMwOVosNDI',
    },
    // The plain contract may tell no time: such a room sorts last, and its cursor says so.
    { place: { activity: '', roomId: 7 }, text: 'cm9vbTosNw' },
    // Another implementation's time, without a zone.
    { place: { activity: '2026-11-22T09:36:04', roomId: 3 }, text: encoded('room:2026-11-22T09:36:04,3') },
  ])("a room cursor reads back as its place, and so does the previous release's $text", ({ place, text }) => {
    expectSealed(roomCursor(place), 'room:');
    expect(roomPlaceFromCursor(roomCursor(place))).toEqual(place);
    expect(roomPlaceFromCursor(text)).toEqual(place);
  });

  it('a sealed cursor of one kind is no cursor of another', () => {
    expect(offsetFromCursor(messageCursor(19))).toBeUndefined();
    expect(messageIdFromCursor(offsetCursor(19))).toBeUndefined();
    expect(roomPlaceFromCursor(offsetCursor(19))).toBeUndefined();
  });

  it.each([
    { why: 'an offset cursor', cursor: offsetCursor(5) },
    { why: 'a message cursor', cursor: messageCursor(5) },
    { why: 'no room id', cursor: encoded('room:2026-11-22T09:36:04.309Z') },
    { why: 'room 0', cursor: encoded('room:2026-11-22T09:36:04.309Z,0') },
    { why: 'a time that is none', cursor: encoded('room:2026-13-45T09:36:04.309Z,4') },
    { why: 'a time that is no time at all', cursor: encoded('room:yesterday,4') },
    { why: 'a comma in the time', cursor: encoded('room:2026,11,4') },
    { why: '17 digits of room id', cursor: encoded('room:,10000000000000000') },
    { why: 'the decoded text itself', cursor: 'room:,4' },
  ])('a room cursor refuses $why', ({ cursor }) => {
    expect(roomPlaceFromCursor(cursor)).toBeUndefined();
  });
});
