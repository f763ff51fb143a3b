// Runs a server entry (SERVER_ENTRY) in step with other processes: it loads the server's modules first, says so by
// creating `<START_SIGNAL>.<pid>`, and starts the server once the file START_SIGNAL exists. Processes loaded alike
// then start within milliseconds of each other, as instances brought up together by an orchestrator can.
import fs from 'node:fs';
import path from 'node:path';

const entry = path.resolve(process.env.SERVER_ENTRY ?? '');
const signal = process.env.START_SIGNAL ?? '';
if (!process.env.SERVER_ENTRY || !signal) throw new Error('SERVER_ENTRY and START_SIGNAL are required');

// What takes the time at start (TypeScript through tsx, fastify, the database drivers) is loaded before the signal.
await import(path.join(path.dirname(entry), 'app.ts'));
fs.writeFileSync(`${signal}.${process.pid}`, '');
while (!fs.existsSync(signal)) await new Promise((resolve) => setTimeout(resolve, 2));
await import(entry);
