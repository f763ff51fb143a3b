// Once before the journeys: a loud notice that they are skipped because this machine has no Chromium, or else the
// last run's screenshots removed. (The servers and the web app are built before each file, only when stale:
// tests/helpers/prepared-build.ts.)
import fs from 'node:fs';
import { CHROMIUM_MISSING_NOTICE, chromiumFound } from './support/chromium.js';
import { ARTIFACTS_DIR } from './support/journey.js';

export default async function setup(): Promise<(() => void) | void> {
  if (!chromiumFound) {
    console.warn(CHROMIUM_MISSING_NOTICE);
    // Said again at the very end, where the summary is read: the first notice has long scrolled away by then.
    return () => console.warn(CHROMIUM_MISSING_NOTICE);
  }
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
}
