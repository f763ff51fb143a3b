// The servers compiled and the web app built as `npm start` builds them, each only when stale (a tenth of a second
// when neither is), one worker at a time. Before each file of the operations and the journeys (their setup file,
// prepare-before-file.ts), before the web-build file, and before the REST tests that start the compiled service as a
// process of its own (COMPILED_REST_SERVER). Not in a global setup: Vitest runs every project's global
// setup before any file, so a stale build (a minute and more) held both workers idle. Now the first file that needs
// the build makes it while the other worker runs files that do not, and one that needs it meanwhile waits for that
// build (by a lock) and then finds it done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './launched.js';
import { poll } from './poll.js';

const LOCK = path.join(PROJECT_ROOT, '.test-prepare-lock');
/** A lock older than this was left by a run that was killed mid-build. */
const STALE_LOCK_MS = 10 * 60_000;

function takeLock(): boolean {
  try {
    fs.mkdirSync(LOCK);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > STALE_LOCK_MS) fs.rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

export async function prepareBuild(): Promise<void> {
  const taken = await poll(
    async () => takeLock(),
    (held) => held,
    { within: STALE_LOCK_MS, every: 200 },
  );
  if (!taken) throw new Error(`another worker held ${LOCK} for 10 minutes`);
  try {
    // A child process, not execFileSync: the worker keeps answering Vitest while the build takes its minute.
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/launch.mjs'), '--prepare'], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
      });
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`node scripts/launch.mjs --prepare failed (${code}): see its lines above`);
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * The REST service's compiled entry, as production runs it (`npm run start:rest`): for tests that start it as a process
 * of its own, again and again (kill -9 and restart). Node alone starts it in about half the time and CPU that Node
 * with tsx's loader takes over the sources (every module, node_modules included, goes through tsx's hooks). Call
 * prepareBuild() first, in the file's beforeAll (a build made earlier in the run, or still fresh, costs nothing).
 */
export const COMPILED_REST_SERVER = path.join(PROJECT_ROOT, 'dist/rest/src/server.js');
