// The shop as an operator runs it: `npm start`, `npm run start:rest`, `npm run start:gateway` (scripts/launch.mjs, the
// compiled servers), each in a process group of its own so that a test can send what a terminal's Ctrl-C sends.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { poll } from './poll.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Launched {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves once the text has been written (fails if the process ends first, or after `waitMs`). */
  said(text: string | RegExp, waitMs?: number): Promise<void>;
  /** npm's (or the launcher's) exit code, or signal, once it and everything writing to its output have ended. */
  ended: Promise<number | string>;
  /** Kills the process group, if anything of it still runs. */
  kill(): void;
}

/**
 * Runs `npm <args>` (or, with `direct`, `node scripts/launch.mjs <part>` without npm's own lines) in `cwd`, with the
 * environment given on top of this one minus NODE_ENV (an operator's shell has none: the launcher picks production).
 */
export function launch(
  command: { npm: string[] } | { direct: string },
  env: NodeJS.ProcessEnv,
  cwd: string = PROJECT_ROOT,
): Launched {
  const { NODE_ENV: _testMode, ...shell } = process.env;
  const [file, args] =
    'npm' in command
      ? ['npm', command.npm]
      : [process.execPath, [path.join(cwd, 'scripts/launch.mjs'), command.direct]];
  const child = spawn(file, args, {
    cwd,
    env: { ...shell, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // 'close': the shop's own process writes to npm's output to its last line, even after npm itself has ended.
  const ended = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let running = true;
  void ended.then(() => (running = false));
  return {
    child,
    output: () => output,
    async said(text, waitMs = 150_000) {
      const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      await poll(
        async () => matches() || !running,
        (settled) => settled,
        { within: waitMs },
      );
      if (matches()) return;
      if (!running) throw new Error(`ended before saying ${String(text)}:\n${output}`);
      throw new Error(`did not say ${String(text)} within ${waitMs} ms:\n${output}`);
    },
    ended,
    kill() {
      try {
        if (running) process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/** Whether a process still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The lines a failed start wrote, without npm's own. */
export const ownLines = (output: string): string[] =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('npm ') && !line.startsWith('>'));
