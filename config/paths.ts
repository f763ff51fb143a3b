// Where the project's own files are, whether the code runs from its sources (tsx) or compiled into dist/ (npm start):
// the root is the nearest folder above that holds package.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path below the project's root, e.g. fromRoot('schema.graphql'). */
export const fromRoot = (...segments: string[]): string => path.join(PROJECT_ROOT, ...segments);
