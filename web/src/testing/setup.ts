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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
