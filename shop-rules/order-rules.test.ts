// Cart, checkout and chat rules: each answers the value as it is kept, or the message and field of its refusal.
import { describe, expect, it } from 'vitest';
import {
  MAX_CART_LINES,
  MAX_CART_TOTAL_CENTS,
  checkCartChange,
  checkCartQuantity,
  checkExpectedTotal,
  checkOrderTotal,
  checkMessageContent,
  checkOrderSearch,
  checkShippingAddress,
  matchesOrderSearch,
  messageLength,
  roomInCart,
  buyerCanCancel,
  lineToOrderAgain,
  shortfallMessage,
  withinMessageLength,
} from './order-rules.js';

describe('checkShippingAddress', () => {
  it.each([
    { why: 'an address as it is', address: '1 Main Street', kept: '1 Main Street' },
    { why: 'an address trimmed', address: '  1 Main Street\n', kept: '1 Main Street' },
    { why: 'lines inside an address', address: '1 Main Street\nSpringfield', kept: '1 Main Street\nSpringfield' },
    { why: '500 characters', address: 'a'.repeat(500), kept: 'a'.repeat(500) },
    { why: '500 characters once trimmed', address: ` ${'a'.repeat(500)}\t`, kept: 'a'.repeat(500) },
  ])('keeps $why', ({ address, kept }) => {
    expect(checkShippingAddress(address)).toBe(kept);
  });

  it.each([
    { why: 'an empty address', address: '', message: 'Please enter a shipping address' },
    { why: 'a blank address', address: ' \t\n ', message: 'Please enter a shipping address' },
    {
      why: '501 characters',
      address: 'a'.repeat(501),
      message: 'Shipping address must be at most 500 characters long',
    },
  ])('refuses $why: $message', ({ address, message }) => {
    expect(checkShippingAddress(address)).toEqual({ message, field: 'shippingAddress' });
  });
});

describe('checkMessageContent', () => {
  it.each([
    { why: 'a message as it is', content: 'Hello', kept: 'Hello' },
    { why: 'a message trimmed', content: '\n  Hello there  \t', kept: 'Hello there' },
    { why: '2000 characters', content: 'x'.repeat(2000), kept: 'x'.repeat(2000) },
    { why: '2000 characters once trimmed', content: `  ${'x'.repeat(2000)}  `, kept: 'x'.repeat(2000) },
    // An emoji is two UTF-16 units but one character: 2000 of them are 4000 units.
    { why: '2000 emoji', content: '😀'.repeat(2000), kept: '😀'.repeat(2000) },
  ])('keeps $why', ({ content, kept }) => {
    expect(checkMessageContent(content)).toBe(kept);
  });

  it.each([
    { why: 'an empty message', content: '', message: 'Message must not be empty' },
    { why: 'a blank message', content: '  \n\t', message: 'Message must not be empty' },
    { why: '2001 characters', content: 'x'.repeat(2001), message: 'Message must be at most 2000 characters long' },
    { why: '2001 emoji', content: '😀'.repeat(2001), message: 'Message must be at most 2000 characters long' },
  ])('refuses $why: $message', ({ content, message }) => {
    expect(checkMessageContent(content)).toEqual({ message, field: 'content' });
  });
});

describe('messageLength and withinMessageLength', () => {
  it.each([
    { text: '', length: 0 },
    { text: 'Hello', length: 5 },
    { text: '😀', length: 1 },
    { text: 'a😀b', length: 3 },
  ])('counts $text as $length characters', ({ text, length }) => {
    expect(messageLength(text)).toBe(length);
  });

  it.each([
    { why: 'a short message unchanged', text: 'Hello', kept: 'Hello' },
    { why: 'a long one at 2000 characters', text: 'x'.repeat(2005), kept: 'x'.repeat(2000) },
    { why: 'without splitting an emoji', text: `${'x'.repeat(1999)}😀😀`, kept: `${'x'.repeat(1999)}😀` },
  ])('cuts $why', ({ text, kept }) => {
    expect(withinMessageLength(text)).toBe(kept);
  });
});

describe('checkCartQuantity', () => {
  it.each([1, 2, 999_999, 1_000_000])('keeps a quantity of %d', (quantity) => {
    expect(checkCartQuantity(quantity)).toBe(quantity);
  });

  it.each([
    { quantity: 0, message: 'Quantity must be at least 1' },
    { quantity: 1.5, message: 'Quantity must be a whole number' },
    { quantity: Number.NaN, message: 'Quantity must be a whole number' },
    { quantity: -1, message: 'Quantity must be at least 1' },
    { quantity: 1_000_001, message: 'Quantity must be at most 1000000' },
    { quantity: Number.POSITIVE_INFINITY, message: 'Quantity must be a whole number' },
  ])('refuses $quantity: $message', ({ quantity, message }) => {
    expect(checkCartQuantity(quantity)).toEqual({ message, field: 'quantity' });
  });
});

describe('checkOrderSearch', () => {
  it.each([
    { why: 'a number', text: '12', search: { orderNumber: 12 } },
    { why: 'a number as people quote it', text: '#12', search: { orderNumber: 12 } },
    { why: 'a number trimmed', text: '  #7 \t', search: { orderNumber: 7 } },
    { why: 'leading zeros', text: '#007', search: { orderNumber: 7 } },
    { why: 'a username part', text: 'Ada', search: { customerOrSku: 'Ada' } },
    { why: 'a username part trimmed', text: ' ada_1 ', search: { customerOrSku: 'ada_1' } },
    { why: 'letters after a number', text: '12a', search: { customerOrSku: '12a' } },
    { why: 'a hash alone', text: '#', search: { customerOrSku: '#' } },
    { why: 'a space after the hash', text: '# 12', search: { customerOrSku: '# 12' } },
    { why: '100 characters once trimmed', text: ` ${'a'.repeat(100)} `, search: { customerOrSku: 'a'.repeat(100) } },
  ])('reads $why', ({ text, search }) => {
    expect(checkOrderSearch(text)).toEqual(search);
  });

  it.each(['', '   ', '\t\n'])('reads %j as no search at all', (text) => {
    expect(checkOrderSearch(text)).toBeUndefined();
  });

  it('refuses 101 characters', () => {
    expect(checkOrderSearch('a'.repeat(101))).toEqual({
      message: 'Search must be at most 100 characters long',
      field: 'search',
    });
  });
});

describe('matchesOrderSearch', () => {
  const order = { number: 12, customerUsername: 'Ada_Lovelace', items: [{ sku: 'MED-0001' }, { sku: null }] };
  it.each([
    { why: 'its number', search: { orderNumber: 12 }, matches: true },
    { why: 'another number', search: { orderNumber: 1 }, matches: false },
    { why: 'part of the username in another case', search: { customerOrSku: 'LOVE' }, matches: true },
    { why: 'an underscore, literally', search: { customerOrSku: 'a_l' }, matches: true },
    { why: 'text the username lacks', search: { customerOrSku: 'a%l' }, matches: false },
    { why: 'a line’s whole SKU in another case', search: { customerOrSku: 'med-0001' }, matches: true },
    { why: 'part of a line’s SKU', search: { customerOrSku: 'MED-000' }, matches: false },
  ])('finds an order by $why: $matches', ({ search, matches }) => {
    expect(matchesOrderSearch(search, order)).toBe(matches);
  });

  it('finds an order of a deleted account by a line’s SKU', () => {
    expect(
      matchesOrderSearch({ customerOrSku: 'X-1' }, { number: 3, customerUsername: null, items: [{ sku: 'x-1' }] }),
    ).toBe(true);
  });

  it('never finds an order of a deleted account by customer', () => {
    expect(matchesOrderSearch({ customerOrSku: 'a' }, { number: 3, customerUsername: null })).toBe(false);
  });
});

describe('the cart limits: checkCartChange and checkOrderTotal', () => {
  it('keep every amount and count of a cart within a GraphQL Int (2,147,483,647)', () => {
    expect([MAX_CART_TOTAL_CENTS, MAX_CART_LINES]).toEqual([1_000_000_000, 100]);
    // A line's total is at most the cart's; its count of items at most 100 lines of 1,000,000 units.
    expect(MAX_CART_LINES * 1_000_000).toBeLessThanOrEqual(2_147_483_647);
  });

  it.each([
    {
      why: 'a cart at the limits',
      before: { lines: 99, totalCents: 0 },
      after: { lines: 100, totalCents: 1_000_000_000 },
    },
    {
      why: 'a cart beyond the total made smaller',
      before: { lines: 1, totalCents: 2_199_999_978 },
      after: { lines: 1, totalCents: 1_499_999_985 },
    },
    {
      why: 'a cart of more lines than allowed, made no longer',
      before: { lines: 150, totalCents: 100 },
      after: { lines: 150, totalCents: 200 },
    },
  ])('let through $why', ({ before, after }) => {
    expect(checkCartChange(before, after)).toBeUndefined();
  });

  it.each([
    {
      why: 'a total beyond $10,000,000.00',
      before: { lines: 0, totalCents: 0 },
      after: { lines: 1, totalCents: 2_199_999_978 },
      refusal: {
        message: 'That would make your cart’s total $21,999,999.78: a cart may cost at most $10,000,000.00',
        field: 'quantity',
      },
    },
    {
      why: 'a cart beyond the total made larger still',
      before: { lines: 1, totalCents: 2_199_999_978 },
      after: { lines: 1, totalCents: 2_299_999_977 },
      refusal: {
        message: 'That would make your cart’s total $22,999,999.77: a cart may cost at most $10,000,000.00',
        field: 'quantity',
      },
    },
    {
      why: 'a 101st product',
      before: { lines: 100, totalCents: 100 },
      after: { lines: 101, totalCents: 200 },
      refusal: { message: 'A cart can hold at most 100 different products', field: 'productId' },
    },
  ])('refuse $why', ({ before, after, refusal }) => {
    expect(checkCartChange(before, after)).toEqual(refusal);
  });

  it('refuse an order beyond what it may cost, as no one field’s fault', () => {
    expect(checkOrderTotal(1_000_000_000)).toBeUndefined();
    expect(checkOrderTotal(1_000_000_001)).toEqual({
      message:
        'Your cart’s total, $10,000,000.01, is over the $10,000,000.00 an order may cost: take some items out to check out',
      field: null,
    });
  });
});

describe('roomInCart: how many more of a product a cart can take', () => {
  it.each([
    {
      why: 'the stock, when the cart has room',
      cart: { lines: 1, totalCents: 999 },
      product: { inCart: 0, stock: 8, unitPriceCents: 999 },
      room: { units: 8, limit: 'stock' },
    },
    {
      why: 'the stock beyond what the cart holds of it',
      cart: { lines: 1, totalCents: 1998 },
      product: { inCart: 2, stock: 8, unitPriceCents: 999 },
      room: { units: 6, limit: 'stock' },
    },
    {
      why: 'none, when the cart holds all the stock',
      cart: { lines: 1, totalCents: 7992 },
      product: { inCart: 8, stock: 8, unitPriceCents: 999 },
      room: { units: 0, limit: 'stock' },
    },
    {
      why: 'none, when it holds more than is left',
      cart: { lines: 1, totalCents: 7992 },
      product: { inCart: 8, stock: 3, unitPriceCents: 999 },
      room: { units: 0, limit: 'stock' },
    },
    {
      why: 'what keeps the total within $10,000,000.00',
      cart: { lines: 1, totalCents: 999_999_990 },
      product: { inCart: 0, stock: 1000, unitPriceCents: 3 },
      room: { units: 3, limit: 'total' },
    },
    {
      why: 'none at exactly $10,000,000.00',
      cart: { lines: 2, totalCents: 1_000_000_000 },
      product: { inCart: 10, stock: 100, unitPriceCents: 99_999_999 },
      room: { units: 0, limit: 'total' },
    },
    {
      why: 'none in a cart already beyond the total',
      cart: { lines: 1, totalCents: 2_199_999_978 },
      product: { inCart: 1, stock: 5, unitPriceCents: 1 },
      room: { units: 0, limit: 'total' },
    },
    {
      why: 'the stock of a free product, whatever the total',
      cart: { lines: 1, totalCents: 1_000_000_000 },
      product: { inCart: 0, stock: 4, unitPriceCents: 0 },
      room: { units: 4, limit: 'stock' },
    },
    {
      why: 'none of a 101st product',
      cart: { lines: 100, totalCents: 100 },
      product: { inCart: 0, stock: 5, unitPriceCents: 1 },
      room: { units: 0, limit: 'lines' },
    },
    {
      why: 'more of a product already in a full cart',
      cart: { lines: 100, totalCents: 100 },
      product: { inCart: 1, stock: 5, unitPriceCents: 1 },
      room: { units: 4, limit: 'stock' },
    },
  ])('is $why', ({ cart, product, room }) => {
    expect(roomInCart(cart, product)).toEqual(room);
  });

  it('never lets a change through that checkCartChange would refuse', () => {
    const cart = { lines: 3, totalCents: 999_000_000 };
    const unitPriceCents = 333_333;
    const { units } = roomInCart(cart, { inCart: 1, stock: 1_000_000, unitPriceCents });
    expect(checkCartChange(cart, { lines: 3, totalCents: cart.totalCents + units * unitPriceCents })).toBeUndefined();
    expect(
      checkCartChange(cart, { lines: 3, totalCents: cart.totalCents + (units + 1) * unitPriceCents }),
    ).toBeDefined();
  });
});

describe('checkExpectedTotal', () => {
  it.each<[number | string, number]>([
    [19.98, 1998],
    ['19.98', 1998],
    ['19.980', 1998],
    [0, 0],
    ['0', 0],
  ])('takes %j as %d cents', (total, cents) => {
    expect(checkExpectedTotal(total)).toBe(cents);
  });

  it.each<[number | string, string]>([
    [19.985, 'expectedTotal'],
    ['19.985', 'expectedTotalAmount'],
    ['-1', 'expectedTotalAmount'],
    [-1, 'expectedTotal'],
  ])('refuses %j on the field it came in', (total, field) => {
    expect(checkExpectedTotal(total, field)).toEqual({
      message: 'The expected total must be an amount of at least 0 with at most 2 decimals',
      field,
    });
  });
});

describe('ordering an old order again: how much of a line goes in, and why not all', () => {
  const empty = { lines: 0, totalCents: 0 };
  it.each([
    ['all of it', empty, { wanted: 3, inCart: 0, stock: 10, unitPriceCents: 500 }, { units: 3 }],
    [
      'what the stock has beyond the cart',
      empty,
      { wanted: 4, inCart: 2, stock: 5, unitPriceCents: 500 },
      { units: 3, reason: 'LIMITED_STOCK' },
    ],
    [
      'none when the cart holds the stock already',
      empty,
      { wanted: 1, inCart: 5, stock: 5, unitPriceCents: 500 },
      { units: 0, reason: 'LIMITED_STOCK' },
    ],
    [
      'none without stock',
      empty,
      { wanted: 2, inCart: 0, stock: 0, unitPriceCents: 500 },
      { units: 0, reason: 'OUT_OF_STOCK' },
    ],
    [
      'none of a new product in a cart of as many products as it may hold',
      { lines: MAX_CART_LINES, totalCents: 0 },
      { wanted: 1, inCart: 0, stock: 9, unitPriceCents: 100 },
      { units: 0, reason: 'CART_FULL' },
    ],
    [
      'as many as keep the total within its limit',
      { lines: 1, totalCents: MAX_CART_TOTAL_CENTS - 250 },
      { wanted: 3, inCart: 0, stock: 9, unitPriceCents: 100 },
      { units: 2, reason: 'CART_FULL' },
    ],
  ] as const)('%s', (_name, cart, line, expected) => {
    expect(lineToOrderAgain(cart, line)).toEqual(expected);
  });

  it('says why as the buyer reads it', () => {
    const line = { productName: 'Sterile Gauze', wanted: 4, added: 2, stock: 5, inCart: 3 };
    expect(shortfallMessage('NO_LONGER_SOLD', line)).toBe('Sterile Gauze is no longer sold');
    expect(shortfallMessage('OUT_OF_STOCK', line)).toBe('Sterile Gauze is out of stock');
    expect(shortfallMessage('LIMITED_STOCK', line)).toBe(
      '2 of 4 Sterile Gauze added: only 5 in stock and your cart already held 3',
    );
    expect(shortfallMessage('LIMITED_STOCK', { ...line, inCart: 0 })).toBe(
      '2 of 4 Sterile Gauze added: only 5 in stock',
    );
    expect(shortfallMessage('CART_FULL', line)).toBe(
      '2 of 4 Sterile Gauze added: a cart holds at most 100 products and may cost at most $10,000,000.00',
    );
  });
});

describe('a buyer cancels their own order', () => {
  it.each([
    ['PENDING', true],
    ['CONFIRMED', false],
    ['SHIPPED', false],
    ['DELIVERED', false],
    ['CANCELLED', false],
  ])('while %s: %s', (status, allowed) => {
    expect(buyerCanCancel(status)).toBe(allowed);
  });
});
