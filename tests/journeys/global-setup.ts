// Once before the journeys: the web app built as `npm start` builds it (web/dist, only when stale), or a loud
// notice that the journeys are skipped because this machine has no Chromium. The last run's screenshots go.
import fs from 'node:fs';
import { ensureWebBuilt } from '../../scripts/web-build.js';
import { CHROMIUM_MISSING_NOTICE, chromiumFound } from './support/chromium.js';
import { ARTIFACTS_DIR } from './support/journey.js';

export default async function setup(): Promise<(() => void) | void> {
  if (!chromiumFound) {
    console.warn(CHROMIUM_MISSING_NOTICE);
    // Said again at the very end, where the summary is read: the first notice has long scrolled away by then.
    return () => console.warn(CHROMIUM_MISSING_NOTICE);
  }
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  await ensureWebBuilt((line) => console.warn(line));
}
