// Runs a compiled server entry (SERVER_ENTRY) in step with other processes: it loads the server's modules first, says
// so by creating `<START_SIGNAL>.<pid>`, and starts the server once the file START_SIGNAL exists. Processes loaded
// alike then start within milliseconds of each other, as instances brought up together by an orchestrator can. Plain
// JavaScript, run by Node alone as production runs the servers (tsx's loader would double the time to load).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = path.resolve(process.env.SERVER_ENTRY ?? '');
const signal = process.env.START_SIGNAL ?? '';
if (!process.env.SERVER_ENTRY || !signal) throw new Error('SERVER_ENTRY and START_SIGNAL are required');

// What takes the time at start (fastify, the database drivers, the shop's modules) is loaded before the signal.
await import(pathToFileURL(path.join(path.dirname(entry), 'app.js')).href);
fs.writeFileSync(`${signal}.${process.pid}`, '');
while (!fs.existsSync(signal)) await new Promise((resolve) => setTimeout(resolve, 2));
await import(pathToFileURL(entry).href);
