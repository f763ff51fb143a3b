// Every web test: jest-dom's matchers, a clean DOM and storage between tests, and times in UTC.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

process.env.TZ = 'UTC';
// Lazily loaded screens are compiled on their first import in a test file, which can take a few seconds on a
// busy machine: findBy* waits that long (it still returns as soon as the screen shows).
configure({ asyncUtilTimeout: 5000 });
// jsdom lays nothing out and has no scrolling ("Not implemented: window.scrollTo"): the app shell scrolls to the
// top on navigation. A journey checks the scrolling itself, in Chromium.
window.scrollTo = () => undefined;

// Apollo warns when a write replaces an object without an id of its own (a Money, a cart line) that another selection
// stored with more fields: the screens reading those would ask the shop again. Such a warning fails the test that
// caused it. (Apollo says it once per field and file.)
const cacheDataLoss: string[] = [];
const warn = console.warn.bind(console);
console.warn = (message?: unknown, ...rest: unknown[]) => {
  if (typeof message === 'string' && message.startsWith('Cache data may be lost')) {
    const args = rest.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg)));
    cacheDataLoss.push(message.replace(/%[so]/g, () => args.shift() ?? ''));
  }
  warn(message, ...rest);
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  if (cacheDataLoss.length > 0) throw new Error(cacheDataLoss.splice(0).join('\n'));
});
