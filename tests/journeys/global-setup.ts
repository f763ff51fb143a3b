// Once before the journeys: the servers compiled and the web app built as `npm start` builds them (only when stale:
// journey 0 runs npm start itself), or a loud notice that the journeys are skipped because this machine has no
// Chromium. The last run's screenshots go.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../helpers/launched.js';
import { CHROMIUM_MISSING_NOTICE, chromiumFound } from './support/chromium.js';
import { ARTIFACTS_DIR } from './support/journey.js';

export default async function setup(): Promise<(() => void) | void> {
  if (!chromiumFound) {
    console.warn(CHROMIUM_MISSING_NOTICE);
    // Said again at the very end, where the summary is read: the first notice has long scrolled away by then.
    return () => console.warn(CHROMIUM_MISSING_NOTICE);
  }
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/launch.mjs'), '--prepare'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
}
