// Once before the operations tests: the servers compiled and the web app built, as `npm run build` does (each only
// when stale), so that no test's first start includes the build's own lines and minutes.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../helpers/launched.js';

export default function setup(): void {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/launch.mjs'), '--prepare'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
}
