// Each account's address book (issue 35, extension address-book): addresses in parts, each with its printed form (the
// text an order keeps); the owner's alone; every refusal writes nothing; a checkout to a saved address makes it the
// last used, first in the list. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let counter = 0;

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const newOwner = () => shop.register(`address-owner-${++counter}`);
const HOME = {
  name: 'Ada Lovelace',
  line1: '12 Harbour Lane',
  line2: 'Flat 3',
  city: 'Port Town',
  postalCode: 'PT1 2AB',
  country: 'gb',
  phone: '+44 20 7946 0000',
};
const WORK = { name: 'Ada Lovelace', line1: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'DE' };

const add = (token: string, body: unknown) => shop.request('POST', '/api/users/addresses', { token, body });
const listOf = async (token: string) => {
  const answer = await shop.request('GET', '/api/users/addresses', { token });
  expect(answer.status).toBe(200);
  return answer.body as { id: number; name: string; printed: string; lastUsedAt: string | null }[];
};

describe('the address book', () => {
  it('keeps an address in parts, trimmed, with its printed form, and answers it to its owner alone', async () => {
    const owner = await newOwner();
    const added = await add(owner, { ...HOME, name: '  Ada Lovelace ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      line1: '12 Harbour Lane',
      line2: 'Flat 3',
      city: 'Port Town',
      postalCode: 'PT1 2AB',
      country: 'GB',
      phone: '+44 20 7946 0000',
      printed: 'Ada Lovelace\n12 Harbour Lane\nFlat 3\nPT1 2AB Port Town\nUnited Kingdom\n+44 20 7946 0000',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUsedAt: null,
    });
    const work = (await add(owner, WORK)).body;
    expect(work).toMatchObject({
      line2: null,
      phone: null,
      printed: 'Ada Lovelace\nHauptstraße 5\n10115 Berlin\nGermany',
    });
    // Never used: the newest first.
    expect((await listOf(owner)).map((address) => address.id)).toEqual([work.id, added.body.id]);
    // Someone else sees none of them, and can change none.
    const stranger = await newOwner();
    expect(await listOf(stranger)).toEqual([]);
    for (const [method, body] of [
      ['PUT', WORK],
      ['DELETE', undefined],
    ] as const) {
      const refused = await shop.request(method, `/api/users/addresses/${work.id}`, { token: stranger, body });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Address not found', code: 'ADDRESS_NOT_FOUND', field: 'id' });
    }
    expect((await listOf(owner)).map((address) => address.printed)).toEqual([work.printed, added.body.printed]);
  });

  it('changes an address whole, and forgets one; orders sent there keep their text', async () => {
    const owner = await newOwner();
    const address = (await add(owner, WORK)).body;
    const changed = await shop.request('PUT', `/api/users/addresses/${address.id}`, {
      token: owner,
      body: { ...WORK, line1: 'Hauptstraße 7', postalCode: '' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: address.id, line1: 'Hauptstraße 7', postalCode: null });
    expect(changed.body.printed).toBe('Ada Lovelace\nHauptstraße 7\nBerlin\nGermany');
    const deleted = await shop.request('DELETE', `/api/users/addresses/${address.id}`, { token: owner });
    expect(deleted.status).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    expect((await shop.request('DELETE', `/api/users/addresses/${address.id}`, { token: owner })).status).toBe(404);
  });

  it.each([
    [{ ...WORK, name: ' ' }, 'Name is required', 'name'],
    [{ ...WORK, country: undefined }, 'Country is required', 'country'],
    [{ ...WORK, country: 'XX' }, 'Country must be a country’s two-letter code (ISO 3166), such as DE or US', 'country'],
    [{ ...WORK, country: 'EU' }, 'Country must be a country’s two-letter code (ISO 3166), such as DE or US', 'country'],
    [{ ...WORK, line1: 'x'.repeat(121) }, 'Address line 1 must be at most 120 characters long', 'line1'],
    [
      { ...WORK, city: 'Berlin\nMitte' },
      'City must be a single line of text, without line breaks or control characters',
      'city',
    ],
    [{ ...WORK, phone: 'call me' }, 'Phone may contain only digits, spaces, +, -, ( and )', 'phone'],
  ])('refuses %j with 400 on its field, writing nothing', async (body, message, field) => {
    const owner = await newOwner();
    const answer = await add(owner, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'INVALID_INPUT', field });
    expect(await listOf(owner)).toEqual([]);
  });

  it('keeps at most 20 addresses: the 21st is 409 ADDRESS_BOOK_FULL, even when sent at once', async () => {
    const owner = await newOwner();
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, index) => add(owner, { ...WORK, line1: `Hauptstraße ${index + 1}` })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: 'You can keep at most 20 addresses: delete one first',
        code: 'ADDRESS_BOOK_FULL',
      });
    }
    expect(await listOf(owner)).toHaveLength(20);
  });

  it('keeps an address once: the same parts again answer 200 with the one kept, even when the book is full', async () => {
    const owner = await newOwner();
    const first = await add(owner, HOME);
    expect(first.status).toBe(201);
    const again = await add(owner, { ...HOME, name: `  ${HOME.name}  `, country: HOME.country.toUpperCase() });
    expect([again.status, again.body]).toEqual([200, first.body]);
    // Another phone is another address.
    expect((await add(owner, { ...HOME, phone: '+49 30 7654321' })).status).toBe(201);
    for (let index = 0; index < 18; index++)
      expect((await add(owner, { ...WORK, line1: `Hauptstraße ${index + 1}` })).status).toBe(201);
    expect((await add(owner, HOME)).status).toBe(200);
    expect((await add(owner, { ...WORK, line1: 'Hauptstraße 99' })).status).toBe(409);
    expect(await listOf(owner)).toHaveLength(20);
  });

  it('makes the address an order went to the last used, first in the list', async () => {
    const owner = await newOwner();
    const home = (await add(owner, HOME)).body;
    const work = (await add(owner, WORK)).body;
    const product = await shop.createProduct(admin, { quantity: 10 });
    await shop.request('POST', '/api/cart/items', { token: owner, body: { productId: product.id, quantity: 1 } });
    const order = await shop.request('POST', '/api/orders/checkout', {
      token: owner,
      body: { shippingAddress: home.printed },
    });
    expect(order.status).toBe(201);
    const [first, second] = await listOf(owner);
    expect(first).toMatchObject({ id: home.id, lastUsedAt: order.body.orderDate });
    expect(second).toMatchObject({ id: work.id, lastUsedAt: null });
  });
});

describe('a deleted account', () => {
  it('takes its address book with it', async () => {
    const owner = await newOwner();
    const { id } = (await shop.request('GET', '/api/users/profile', { token: owner })).body as { id: number };
    await add(owner, HOME);
    const kept = () => shop.app.shopDatabase.db.selectFrom('addresses').select('id').where('userId', '=', id).execute();
    expect(await kept()).toHaveLength(1);
    expect((await shop.request('DELETE', '/api/users/account', { token: owner })).status).toBe(204);
    expect(await kept()).toEqual([]);
  });
});

describe('with the extensions switched off (REST_EXTENSIONS=false)', () => {
  it('has no address book: 404 on its routes', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.register('plain-address-owner');
      expect((await plain.request('GET', '/api/users/addresses', { token })).status).toBe(404);
      expect((await plain.request('POST', '/api/users/addresses', { token, body: WORK })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
