// The web app in Debian's Chromium, logged in: Lighthouse 12 (mobile preset) on the listing, how many requests
// opening a product from the listing makes (DESIGN §8: none — the detail renders from the cache), and how long a
// phone's first visit takes to show a product. Chromium is started by chrome-launcher (Lighthouse's own), and
// Playwright attaches to the same browser to log in.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { firstScreenPictureKilobytes } from './listing-pictures.js';
import { CHROMIUM_PATH } from '../tests/journeys/support/chromium.js';

const LIGHTHOUSE_RUNS = 3;
const THROTTLED_RUNS = 3;
/**
 * Chrome DevTools' "Slow 4G" preset, the connection Lighthouse's mobile preset simulates: 1.6 Mbps down and 750 kbps
 * up at 90 %, 150 ms round trips × 3.75 (devtools-frontend's front_end/core/sdk/NetworkManager.ts; puppeteer-core's
 * PredefinedNetworkConditions copies it). Bytes per second, and ms added to each request.
 */
const SLOW_4G = {
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};
/** DevTools' and Lighthouse's mid-tier phone: the CPU 4× slower than this machine's. */
const CPU_SLOWDOWN = 4;
/** Lighthouse's phone (a moto g power): its screen. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface WebBrowserResult {
  lighthousePerformance: number;
  lighthouseAccessibility: number;
  detailFromListingRequests: number;
  /** What those requests were, for whoever reads a result above 0. */
  detailFromListingUrls: string[];
  /** Lighthouse's measurements behind the performance score, in ms (CLS unitless). */
  metrics: Record<string, number | undefined>;
  /** The performance score of each Lighthouse run; the median is the one reported. */
  lighthouseRuns: number[];
  /** A phone's first visit to `/`, logged in, until the first product is on screen: the median of the runs, ms. */
  firstProductThrottledMs: number;
  firstProductThrottledRuns: number[];
  /** The pictures a 375 px phone loads for the listing's first screen, KB (listing-pictures.ts). */
  firstScreenPicturesKb: number;
}

/**
 * A phone's first visit to `/` (Slow 4G, the CPU 4× slower, nothing cached), logged in: ms from the navigation's start
 * to the first frame with a product card in it (its name and price; its picture loads lazily and is not waited for).
 * Each run is a fresh browser context, so nothing is in its cache; the token is put in its storage before the app's
 * first script runs, as a returning shopper's would be.
 */
export async function firstProductOnAPhone(browser: Browser, origin: string, token: string): Promise<number> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript((value) => {
      window.localStorage.setItem('medshop.token', value);
      // The frame a card is first in: noted from the page itself, so that the probe costs the throttled CPU nothing.
      const seen = new MutationObserver(() => {
        if (!document.querySelector('article')) return;
        seen.disconnect();
        requestAnimationFrame(() => ((window as { firstProductAt?: number }).firstProductAt = performance.now()));
      });
      seen.observe(document, { childList: true, subtree: true });
    }, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start (the page's time origin).
    const handle = await page.waitForFunction(() => (window as { firstProductAt?: number }).firstProductAt, null, {
      polling: 250,
      timeout: 60_000,
    });
    return Math.round((await handle.jsonValue()) as number);
  } finally {
    await context.close();
  }
}

export async function measureInBrowser(origin: string, token: string): Promise<WebBrowserResult> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    // The session is the token in localStorage (web/src/lib/session.ts); Lighthouse keeps storage when told to.
    await page.goto(`${origin}/login`);
    await page.evaluate((value) => window.localStorage.setItem('medshop.token', value), token);

    // Opening a product from the listing: every request after the click, images aside (they are the product's own).
    await page.goto(`${origin}/`);
    const firstCard = page.getByRole('article').first();
    await firstCard.waitFor();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'image') requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await firstCard.getByRole('heading').getByRole('link').click();
    await page
      .getByRole('button', { name: 'Add to Cart' })
      .or(page.getByRole('button', { name: 'Out of stock' }))
      .waitFor();
    await page.waitForTimeout(1000);
    await page.close();

    const firstScreenPicturesKb = await firstScreenPictureKilobytes(browser, origin, token);

    const throttled: number[] = [];
    for (let run = 0; run < THROTTLED_RUNS; run += 1)
      throttled.push(await firstProductOnAPhone(browser, origin, token));

    // Lighthouse's score moves from run to run on a busy machine; its authors advise the median of several runs.
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const report = await lighthouse(`${origin}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      if (!report) throw new Error('Lighthouse answered nothing');
      runs.push(report.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const median = runs[Math.floor(runs.length / 2)]!;
    const audits = median.audits;
    const metric = (id: string) => {
      const value = audits[id]?.numericValue;
      return value === undefined ? undefined : Math.round(value * 1000) / 1000;
    };
    await browser.close().catch(() => undefined);
    return {
      lighthousePerformance: Math.round((median.categories.performance?.score ?? 0) * 100),
      lighthouseAccessibility: Math.round((median.categories.accessibility?.score ?? 0) * 100),
      lighthouseRuns: runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
      metrics: {
        first_contentful_paint_ms: metric('first-contentful-paint'),
        largest_contentful_paint_ms: metric('largest-contentful-paint'),
        total_blocking_time_ms: metric('total-blocking-time'),
        cumulative_layout_shift: metric('cumulative-layout-shift'),
        speed_index_ms: metric('speed-index'),
      },
      detailFromListingRequests: requests.length,
      detailFromListingUrls: requests,
      firstProductThrottledMs: [...throttled].sort((a, b) => a - b)[Math.floor(throttled.length / 2)]!,
      firstProductThrottledRuns: throttled,
      firstScreenPicturesKb,
    };
  } finally {
    chrome.kill();
  }
}
