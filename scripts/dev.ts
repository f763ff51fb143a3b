// `npm run dev`: the servers in development mode, restarted on every change (tsx watch), and the web app from
// Vite's dev server with hot reload, which passes /graphql (HTTP and websocket) and /images on to the gateway.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';
import { WEB_DIR } from './web-build.js';

// Vite serves the web app here, so the servers build none (an argument, not a setting: no one else needs it).
const servers = spawn(process.execPath, ['--import', 'tsx', '--watch', 'scripts/start.ts', '--no-web-build'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development' },
});

const web = await createServer({ configFile: path.join(WEB_DIR, 'vite.config.ts') });
await web.listen();
console.log('\n  Web app with hot reload:');
web.printUrls();

const stop = async () => {
  servers.kill('SIGTERM');
  await web.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
servers.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`The servers stopped (exit code ${code}).`);
});
