// The order in which Vitest hands test files to its two workers. The browser journeys and the operations tests each
// start whole shops (a journey keeps about one and a half cores busy), the other files mostly wait on the servers they
// start: run one after another, the heavy ones left a core idle for half the suite, and two at once ran each nearly
// twice as slowly. So the heavy files are spread among the light ones, and a worker is rarely on a heavy file while the
// other is too. The light ones keep Vitest's own order (project by project; within each, longest first once it has
// timed a run, else largest first). The heavy ones go longest first whatever their project, once timed: Vitest's
// order put every journey before every operations test, and the longest of these (the production build) started
// last and ran on alone for minutes after everything else had ended.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const HEAVY_PROJECTS = new Set(['journeys', 'operations']);

export class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const light = sorted.filter((file) => !HEAVY_PROJECTS.has(file.project.name));
    const heavy = this.longestFirst(sorted.filter((file) => HEAVY_PROJECTS.has(file.project.name)));
    if (heavy.length === 0) return light;
    const lightPerHeavy = Math.ceil(light.length / heavy.length);
    return heavy.flatMap((file, index) => [file, ...light.slice(index * lightPerHeavy, (index + 1) * lightPerHeavy)]);
  }

  /** By the duration of the last run that timed them, longest first; untimed ones first, in the order given. */
  private longestFirst(files: TestSpecification[]): TestSpecification[] {
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`)
        ?.duration ?? Number.POSITIVE_INFINITY;
    // Array.prototype.sort is stable: equal (untimed) files keep their order.
    return [...files].sort((a, b) => {
      const [first, second] = [duration(a), duration(b)];
      return first === second ? 0 : second > first ? 1 : -1;
    });
  }
}
