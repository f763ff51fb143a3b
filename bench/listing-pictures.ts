// The first listing screen's pictures on a phone (issue 34: ≤ 100 KB in all). The demo's first products are given
// uploaded pictures first (photo-like JPEGs of 1,600 × 1,200 px, as an owner's camera would give), so the figure is
// what a shop with uploaded pictures sends, not the demo's small drawings. A 375 px phone at a device pixel ratio of 3
// (a current phone's) opens `/` logged in, and every picture it loads until the network is idle is counted.
import sharp from 'sharp';
import type { Browser } from 'playwright-core';

/** A photo-like picture: a gradient with a texture, different for each `seed` (so each is its own upload). */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const texture = (Math.sin((x + seed * 13) / 29) + Math.cos((y - seed * 7) / 17)) * 28;
      raw[at] = (x / width) * 180 + texture + seed * 5;
      raw[at + 1] = (y / height) * 160 + texture;
      raw[at + 2] = 90 + texture + seed * 9;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Uploads a picture for each of the catalogue's first `count` products and makes it their only one. */
export async function givePicturesToFirstProducts(restUrl: string, adminToken: string, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const products = (await (await fetch(`${restUrl}/api/products`, { headers })).json()) as Record<string, unknown>[];
  for (const [index, product] of products.slice(0, count).entries()) {
    const uploaded = await fetch(`${restUrl}/api/pictures`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await photo(index)),
    });
    const { url } = (await uploaded.json()) as { url: string };
    const { id, name, description, price, quantity } = product;
    const saved = await fetch(`${restUrl}/api/products/${String(id)}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name, description, price, quantity, imageUrl: url, imageUrls: [url] }),
    });
    if (!saved.ok) throw new Error(`product ${String(id)}: ${saved.status} ${await saved.text()}`);
  }
}

/** The bytes of every picture a 375 px phone loads for the listing's first screen, in KB (1,000 bytes). */
export async function firstScreenPictureKilobytes(browser: Browser, origin: string, token: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript((value) => window.localStorage.setItem('medshop.token', value), token);
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image')
        sizes.push(
          response.body().then(
            (body) => body.length,
            () => 0,
          ),
        );
    });
    await page.goto(`${origin}/`);
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return Math.round(bytes / 100) / 10;
  } finally {
    await context.close();
  }
}
