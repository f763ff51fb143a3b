// The setup file of the operations and the journeys: the build each of their files runs, made when stale.
import { prepareBuild } from './prepared-build.js';

await prepareBuild();
