// `npm run screenshots`: the README's pictures of the shop (docs/screenshots/), taken from a fresh shop with the
// demo catalogue in a temporary folder, in Debian's Chromium. WebP, encoded by the browser itself, keeps them small.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildGateway } from '../gateway/src/app.js';
import { loadGatewayConfig } from '../gateway/src/config.js';
import { buildRestApp } from '../rest/src/app.js';
import { loadRestConfig } from '../rest/src/config.js';
import { ensureWebBuilt } from './web-build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'docs', 'screenshots');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ADMIN_PASSWORD = 'screenshot-admin';
const SHOPPER = { username: 'maya', password: 'maya-secret' };

async function rest<T = unknown>(
  base: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

// Runs in the page (the servers' TypeScript has no DOM types, so it is written as the page will read it).
const ENCODE_WEBP = `async (base64) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + base64;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.toDataURL('image/webp', 0.82).split(',')[1];
}`;

/** Saves what the page shows (its viewport) as WebP, encoded by Chromium's canvas. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const png = await page.screenshot({ type: 'png' });
  const webp = await page.evaluate<string>(`(${ENCODE_WEBP})(${JSON.stringify(png.toString('base64'))})`);
  const file = path.join(OUT_DIR, `${name}.webp`);
  fs.writeFileSync(file, Buffer.from(webp, 'base64'));
  console.log(`  ${path.relative(root, file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
  await ensureWebBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-screenshots-'));
  const restConfig = loadRestConfig(
    { DATA_DIR: dataDir, HOST: '127.0.0.1', REST_PORT: '0', ADMIN_PASSWORD },
    { seedDemo: true },
  );
  const restApp = await buildRestApp(restConfig, { logger: false });
  await restApp.listen({ host: '127.0.0.1', port: 0 });
  const restUrl = `http://127.0.0.1:${(restApp.server.address() as { port: number }).port}`;
  const gateway = await buildGateway(
    loadGatewayConfig({ REST_URL: restUrl, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'production' }),
    { logger: false },
  );
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // A shopper with something in the cart and a conversation with the shop.
    await rest(restUrl, 'POST', '/auth/register', undefined, SHOPPER);
    const shopperToken = await rest<string>(restUrl, 'POST', '/auth/login', undefined, SHOPPER);
    const adminToken = await rest<string>(restUrl, 'POST', '/auth/login', undefined, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await rest(restUrl, 'POST', '/cart/items', shopperToken, { productId: 1, quantity: 2 });
    await rest(restUrl, 'POST', '/cart/items', shopperToken, { productId: 6, quantity: 1 });
    const room = await rest<{ id: number }>(restUrl, 'POST', '/chat/rooms/create', shopperToken, {
      participantUsername: 'admin',
    });
    await rest(restUrl, 'POST', `/chat/rooms/${room.id}/messages`, shopperToken, {
      content: 'Hello! Does the pulse oximeter work for children?',
    });
    await rest(restUrl, 'POST', `/chat/rooms/${room.id}/messages`, adminToken, {
      content: 'Yes, from about four years old. It comes with a smaller finger clip.',
    });
    await rest(restUrl, 'POST', `/chat/rooms/${room.id}/messages`, shopperToken, { content: 'Perfect, thank you!' });

    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const [width, height, suffix] of [
      [1280, 800, ''],
      [375, 740, '-phone'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: origin });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Username').fill(SHOPPER.username);
      await page.getByLabel(/^Password/).fill(SHOPPER.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('/');
      await shoot(page, `listing${suffix}`);
      await page.getByRole('link', { name: 'Fingertip Pulse Oximeter', exact: true }).click();
      await page.waitForURL(/\/products\//);
      await shoot(page, `product${suffix}`);
      await page.goto('/cart');
      await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
      await shoot(page, `cart${suffix}`);
      await page.goto('/chat');
      if (width < 768) await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
      await page.getByRole('log').getByText('Perfect, thank you!').waitFor();
      await shoot(page, `chat${suffix}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await gateway.close();
    await restApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
