// The order in which Vitest hands test files to its two workers. The browser journeys and the operations tests each
// start whole shops (a journey keeps about one and a half cores busy), the other files mostly wait on the servers they
// start: run one after another, the heavy ones left a core idle for half the suite, and two at once ran each nearly
// twice as slowly. So the heavy files are spread among the light ones, and a worker is rarely on a heavy file while the
// other is too. The light ones keep Vitest's own order (project by project; within each, longest first once it has
// timed a run, else largest first). The heavy ones go longest first whatever their project, by the seconds below:
// Vitest's order put every journey before every operations test, and the longest of these (the production build)
// started last and ran on alone for a minute or two after everything else had ended. Not by Vitest's timings: it keeps
// them in node_modules/.vite, where a run of a few files (or another checkout sharing node_modules) leaves the others
// untimed, and Vitest runs untimed files first: the longest, timed alone, then came last.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const HEAVY_PROJECTS = new Set(['journeys', 'operations']);

/**
 * About how long each heavy file takes, in seconds, on a busy two-core machine (as a whole `npm test` on a fresh
 * checkout timed them on 2026-11-29, its JSON reporter's file times): only their order matters. A file not named here
 * (a new one) runs before them all.
 */
const HEAVY_SECONDS: Record<string, number> = {
  'tests/operations/cluster-failures.test.ts': 81.9,
  'tests/operations/production-build.test.ts': 71,
  'tests/journeys/every-width.test.ts': 54.7,
  'tests/operations/startup-failures.test.ts': 49,
  'tests/operations/shutdown.test.ts': 39.8,
  'tests/journeys/admin.test.ts': 39.5,
  'tests/operations/cluster.test.ts': 37.1,
  'tests/operations/cluster-command.test.ts': 31.2,
  'tests/journeys/profile.test.ts': 28.5,
  'tests/journeys/live-stock.test.ts': 25.3,
  'tests/journeys/shopper.test.ts': 24.8,
  'tests/operations/traces.test.ts': 24.6,
  'tests/journeys/order-desk.test.ts': 24.5,
  'tests/journeys/password-reset.test.ts': 17.6,
  'tests/operations/metrics-endpoint.test.ts': 17.3,
  'tests/journeys/explorer.test.ts': 15.6,
  'tests/journeys/two-factor.test.ts': 15.6,
  'tests/journeys/payment.test.ts': 15.5,
  'tests/journeys/one-command.test.ts': 15.4,
  'tests/journeys/resilience.test.ts': 15.3,
  'tests/journeys/card-payment.test.ts': 14.4,
  'tests/journeys/staff.test.ts': 14.1,
  'tests/journeys/reporting.test.ts': 13.3,
  'tests/journeys/largest-cart.test.ts': 13.2,
  'tests/journeys/blocking.test.ts': 11.5,
  'tests/journeys/shipping.test.ts': 10.8,
  'tests/journeys/tax.test.ts': 10.7,
  'tests/journeys/chat.test.ts': 9.7,
  'tests/operations/nginx-bodies.test.ts': 5.7,
  'tests/operations/listening.test.ts': 3.9,
  'tests/operations/nginx-template.test.ts': 2.2,
  'tests/operations/systemd-units.test.ts': 0.2,
};

export class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const light = sorted.filter((file) => !HEAVY_PROJECTS.has(file.project.name));
    const heavy = sorted.filter((file) => HEAVY_PROJECTS.has(file.project.name));
    if (heavy.length === 0) return light;
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) =>
      HEAVY_SECONDS[path.relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    // Array.prototype.sort is stable: files of the same seconds (new ones) keep Vitest's order.
    heavy.sort((a, b) => (seconds(a) === seconds(b) ? 0 : seconds(b) > seconds(a) ? 1 : -1));
    const lightPerHeavy = Math.ceil(light.length / heavy.length);
    return heavy.flatMap((file, index) => [file, ...light.slice(index * lightPerHeavy, (index + 1) * lightPerHeavy)]);
  }
}
