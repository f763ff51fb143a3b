// The web app's initial JavaScript (DESIGN §8: at most 150 KB gzip for / and /login): a production build, then
// the entry script and every module index.html preloads (none: the build puts all of it in the entry), each gzipped
// as a server would send it. Login, register and the listing are in that first download; every other screen loads on
// first use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildWebApp } from '../scripts/web-build.js';

export interface WebWeight {
  /** Initial JavaScript, gzip, in KB (1,000 bytes). */
  initialKilobytes: number;
  files: { file: string; gzipBytes: number }[];
}

export async function measureWebWeight(): Promise<WebWeight> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-web-weight-'));
  try {
    await buildWebApp(outDir);
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((match) => match[1] ?? match[2]!);
    const files = scripts.map((file) => ({
      file,
      gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length,
    }));
    const total = files.reduce((sum, entry) => sum + entry.gzipBytes, 0);
    return { initialKilobytes: Math.round(total / 100) / 10, files };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
