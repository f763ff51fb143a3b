// Pictures admins upload (issue 34, extension product-pictures): checked by their content, kept once at the shop's
// widths as WebP and AVIF (never wider than they came), served to anyone for a year at /images/uploads/…, and given
// to products as any image URL. Anything else (another type, a file that only says it is a picture, over 10 MB, from a
// shopper) is refused with a clear message and nothing is kept. Real pictures, made with sharp; on the suite's
// database.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let shopper: string;

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('picture-shopper');
});
afterAll(() => shop.close());

/** A real picture of `width` × `height` in `format`, a different colour for each `shade`. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif', shade = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20 + shade, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

const upload = (bytes: Buffer, type: string, token = admin) =>
  shop.request('POST', '/api/pictures', { token, headers: { 'content-type': type }, body: bytes as never });

const served = async (path: string) => {
  const answer = await shop.app.inject({ method: 'GET', url: path });
  return { status: answer.statusCode, headers: answer.headers, bytes: answer.rawPayload };
};

const pictureCount = async () =>
  Number(
    (
      (await shop.app.shopDatabase.db
        .selectFrom('pictures')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()) as { n: unknown }
    ).n,
  );

describe('uploading a picture', () => {
  it('keeps a JPEG at every width it reaches, as WebP and AVIF, served for a year; the same bytes again are the same picture', async () => {
    const jpeg = await picture(900, 600, 'jpeg');
    const answer = await upload(jpeg, 'image/jpeg');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/images/uploads/${answer.body.id}`,
      width: 900,
      height: 600,
    });
    const { id } = answer.body;
    // Kept at 160, 320 and 640, and at its own 900 (narrower than 1280): each width asked for answers the widest no
    // wider.
    for (const [asked, kept] of [
      [160, 160],
      [320, 320],
      [640, 640],
      [1280, 900],
      [100, 160],
    ] as const) {
      for (const format of ['webp', 'avif'] as const) {
        const file = await served(`/images/uploads/${id}/${asked}.${format}`);
        expect([file.status, file.headers['content-type'], file.headers['cache-control']]).toEqual([
          200,
          `image/${format}`,
          'public, max-age=31536000, immutable',
        ]);
        const metadata = await sharp(file.bytes).metadata();
        expect([metadata.format === 'heif' ? 'avif' : metadata.format, metadata.width]).toEqual([format, kept]);
      }
    }
    // Its own address: the widest WebP, so it works wherever an image URL does.
    const main = await served(`/images/uploads/${id}`);
    expect([main.headers['content-type'], (await sharp(main.bytes).metadata()).width]).toEqual(['image/webp', 900]);

    const before = await pictureCount();
    const again = await upload(jpeg, 'image/jpeg');
    expect([again.status, again.body.id]).toEqual([201, id]);
    expect(await pictureCount()).toBe(before);
  });

  it('takes PNG and WebP, turns a camera’s picture upright, and never makes one wider than it came', async () => {
    const png = await upload(await picture(120, 80, 'png', 1), 'image/png');
    expect([png.status, png.body.width, png.body.height]).toEqual([201, 120, 80]);
    const small = await served(`/images/uploads/${png.body.id}/640.webp`);
    expect((await sharp(small.bytes).metadata()).width).toBe(120);

    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await upload(sideways, 'image/jpeg');
    expect([upright.body.width, upright.body.height]).toEqual([200, 400]);
    const kept = await sharp((await served(`/images/uploads/${upright.body.id}/320.webp`)).bytes).metadata();
    // Kept at 160 and its own 200: asked for 320, the 200.
    expect([kept.width, kept.height, kept.orientation]).toEqual([200, 400, undefined]);

    const webp = await upload(await picture(300, 300, 'webp', 2), 'image/webp');
    expect(webp.status).toBe(201);
  });

  it('is an image URL a product takes like any other', async () => {
    const { body } = await upload(await picture(640, 640, 'jpeg', 3), 'image/jpeg');
    const product = await shop.createProduct(admin, { imageUrls: [body.url, '/images/products/gauze.svg'] });
    expect([product.imageUrl, product.imageUrls]).toEqual([body.url, [body.url, '/images/products/gauze.svg']]);
  });

  it('refuses anything but a JPEG, PNG or WebP picture, a file that only says it is one, one over 10 MB, and a shopper; keeping nothing', async () => {
    const before = await pictureCount();
    const gif = await upload(await picture(10, 10, 'gif'), 'image/gif');
    expect([gif.status, gif.body]).toEqual([
      415,
      { message: 'Only JPEG, PNG and WebP pictures can be uploaded', code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    const text = await upload(Buffer.from('not a picture at all'), 'image/png');
    expect([text.status, text.body]).toEqual([
      415,
      { message: 'Only JPEG, PNG and WebP pictures can be uploaded', code: 'UNSUPPORTED_MEDIA_TYPE', field: 'body' },
    ]);
    const gifSaidPng = await upload(await picture(10, 10, 'gif'), 'image/png');
    expect(gifSaidPng.status).toBe(415);
    const cut = await picture(400, 400, 'jpeg', 4);
    const damaged = await upload(cut.subarray(0, cut.length / 2), 'image/jpeg');
    expect([damaged.status, damaged.body.message]).toEqual([
      400,
      'The picture could not be read: it may be damaged. Nothing was kept',
    ]);
    const large = await upload(Buffer.alloc(10 * 1024 * 1024 + 1), 'image/jpeg');
    expect([large.status, large.body]).toEqual([
      413,
      { message: 'A picture can be at most 10 MB', code: 'BODY_TOO_LARGE' },
    ]);
    const shoppers = await upload(await picture(10, 10, 'png'), 'image/png', shopper);
    expect([shoppers.status, shoppers.body]).toEqual([
      403,
      { message: 'Only administrators can upload pictures', code: 'FORBIDDEN' },
    ]);
    expect(await pictureCount()).toBe(before);
  });

  it('answers 404 for a picture nobody uploaded, or a width and format it is not kept in', async () => {
    expect((await served(`/images/uploads/${'0'.repeat(32)}/320.webp`)).status).toBe(404);
    expect((await served('/images/uploads/not-an-id')).status).toBe(404);
    const { body } = await upload(await picture(200, 200, 'png', 5), 'image/png');
    expect((await served(`/images/uploads/${body.id}/320.png`)).status).toBe(404);
  });
});
