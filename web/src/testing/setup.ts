// Every web test: jest-dom's matchers, a clean DOM and storage between tests, and times in UTC. Run before each test
// file. The files share their modules (`isolate: false` in vitest.config.ts): each starts here as on a page loaded
// afresh, with nothing remembered from the file before.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetCartNotes } from '../lib/cart';
import { setOpenChatRoom } from '../lib/chat';
import { newOrderIds } from '../lib/orders';
import { saveToken } from '../lib/session';
import { runAfterEachTest } from './after-each-test';

process.env.TZ = 'UTC';
// Lazily loaded screens are compiled on their first import in a test file, which can take a few seconds on a
// busy machine: findBy* waits that long (it still returns as soon as the screen shows).
configure({ asyncUtilTimeout: 5000 });
// jsdom lays nothing out and has no scrolling ("Not implemented: window.scrollTo"): the app shell scrolls to the
// top on navigation. A journey checks the scrolling itself, in Chromium.
window.scrollTo = () => undefined;

// What the file before may have left: its clock, its storage, and what the app's modules remember of a page's life
// (the prices a cart showed, the new orders marked, the chat room open, how the last session ended: a session
// started forgets that, and its token goes with the storage).
vi.useRealTimers();
forgetCartNotes();
newOrderIds(new Set());
setOpenChatRoom(null);
saveToken('');
window.localStorage.clear();
window.sessionStorage.clear();

// Apollo warns when a write replaces an object without an id of its own (a Money, a cart line) that another selection
// stored with more fields: the screens reading those would ask the shop again. Such a warning fails the test that
// caused it. (Apollo says it once per field while its modules are loaded.) console.warn is wrapped once, not again
// for each file.
const WATCHED = Symbol.for('medshop.cacheDataLoss');
type Watched<T> = T & { [WATCHED]?: string[] };
const shared = globalThis as Watched<typeof globalThis>;
const cacheDataLoss = (shared[WATCHED] ??= []);
if (!(console.warn as Watched<typeof console.warn>)[WATCHED]) {
  const warn = console.warn.bind(console);
  const watching: Watched<typeof console.warn> = (message?: unknown, ...rest: unknown[]) => {
    if (typeof message === 'string' && message.startsWith('Cache data may be lost')) {
      const args = rest.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg)));
      cacheDataLoss.push(message.replace(/%[so]/g, () => args.shift() ?? ''));
    }
    warn(message, ...rest);
  };
  watching[WATCHED] = cacheDataLoss;
  console.warn = watching;
}

afterEach(() => {
  runAfterEachTest();
  cleanup();
  window.localStorage.clear();
  if (cacheDataLoss.length > 0) throw new Error(cacheDataLoss.splice(0).join('\n'));
});
