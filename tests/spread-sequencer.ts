// The order in which Vitest hands test files to its two workers. The browser journeys and the operations tests each
// start whole shops (a journey keeps about one and a half cores busy), the other files mostly wait on the servers they
// start: run one after another, the heavy ones left a core idle for half the suite, and two at once ran each nearly
// twice as slowly. So the heavy files are spread among the light ones, and a worker is rarely on a heavy file while the
// other is too. Within each kind, Vitest's own order (longest first once it has timed a run, else largest first).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const HEAVY_PROJECTS = new Set(['journeys', 'operations']);

export class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = sorted.filter((file) => HEAVY_PROJECTS.has(file.project.name));
    const light = sorted.filter((file) => !HEAVY_PROJECTS.has(file.project.name));
    if (heavy.length === 0) return light;
    const lightPerHeavy = Math.ceil(light.length / heavy.length);
    return heavy.flatMap((file, index) => [file, ...light.slice(index * lightPerHeavy, (index + 1) * lightPerHeavy)]);
  }
}
