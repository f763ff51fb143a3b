// The web app in Debian's Chromium, logged in: Lighthouse 12 (mobile preset) on the listing, and how many requests
// opening a product from the listing makes (DESIGN §8: none — the detail renders from the cache). Chromium is
// started by chrome-launcher (Lighthouse's own), and Playwright attaches to the same browser to log in.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/journeys/support/chromium.js';

const LIGHTHOUSE_RUNS = 3;
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
    };
  } finally {
    chrome.kill();
  }
}
