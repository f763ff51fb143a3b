// Writes docs/configuration.md (a table per process) and .env.example (every setting, commented out with its
// default) from the one declaration of the settings, config/settings.ts. `npm run codegen` writes them;
// `--check` (in `npm run lint`) writes nothing and fails, naming the file, when either is not what it would write.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../config/paths.js';
import { type Level, type Reader, SETTINGS_DECLARED, type Setting } from '../config/settings.js';

/** The files this script owns, below the project's root. */
export const GENERATED = {
  docs: 'docs/configuration.md',
  envExample: '.env.example',
  readme: "README.md's first-day table",
} as const;

/** The README's table of first-day settings lies between these lines; the prose around it is written by hand. */
export const README_MARKS = [
  '<!-- first-day settings: written by npm run codegen from config/settings.ts -->',
  '<!-- end of first-day settings -->',
] as const;

const PROCESSES: { reader: Reader; title: string; intro: string }[] = [
  {
    reader: 'both',
    title: 'Both servers',
    intro: 'Read by the REST service and by the gateway alike (under `npm start`, by the one process running both).',
  },
  { reader: 'rest', title: 'The REST service', intro: 'Read by `npm run start:rest` (and `npm start`).' },
  { reader: 'gateway', title: 'The gateway', intro: 'Read by `npm run start:gateway` (and `npm start`).' },
  {
    reader: 'cluster',
    title: '`npm run cluster`',
    intro:
      "Read by the cluster's supervisor (deploy/cluster.mjs), which passes every other setting on to its servers; " +
      'it requires `DATABASE_URL` (PostgreSQL) and `REDIS_URL`.',
  },
  {
    reader: 'tooling',
    title: 'Tests and tools',
    intro: 'Read by the test suites, `npm run dev` and `npm run screenshots`; never by the shop itself.',
  },
];

const LEVELS: Record<Level, string> = { 'first-day': 'first day', common: 'when needed', tuning: 'tuning' };

const entries = (reader: Reader) =>
  (Object.entries(SETTINGS_DECLARED) as [string, Setting][]).filter(([, setting]) => setting.readBy === reader);

/** The default as the documentation writes it (Markdown). */
function shownDefault(setting: Setting): string {
  if (setting.shown) return setting.shown;
  const fallback = (setting.schema as { default?: unknown }).default;
  if (fallback === undefined) return 'unset';
  if (fallback === '') return 'empty';
  return `\`${String(fallback)}\``;
}

/** What a setting takes beyond its type: its bounds or choices, from the schema. */
function takes(setting: Setting): string {
  const schema = setting.schema as {
    type?: string;
    enum?: string[];
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: number;
    minLength?: number;
  };
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${value}\``).join(', ')}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.minimum === 0 && schema.maximum === 65535) return 'a port';
  if (schema.type === 'integer')
    return schema.maximum === undefined
      ? `a whole number ≥ ${schema.minimum}`
      : `a whole number ${schema.minimum}–${schema.maximum}`;
  if (schema.type === 'number') return `a number > ${schema.exclusiveMinimum}`;
  if (schema.minLength) return `at least ${schema.minLength} characters`;
  return 'text';
}

export function configurationDoc(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by scripts/settings-reference.ts from config/settings.ts (npm run codegen); edit those, not this. -->',
    '',
    'Every setting is an environment variable, and every one is optional. This page lists them all, one table per',
    'process that reads them; [`.env.example`](../.env.example) holds the same list, commented out with the defaults.',
    "The README's Configuration section has the few an operator sets on the first day. **Set it** says when one is",
    'needed: on the **first day**, **when needed** (a feature or a deployment asks for it), or only for **tuning** the',
    'shop or its tests.',
    '',
    'A value a server cannot use stops its start with one line naming the setting and what it takes',
    '(`REST_PORT must be a port number between 0 and 65535, got "x"`), and so does a variable that is almost the name',
    'of one (`REDIS_UR`, `TRUSTED_PROXY`): it would otherwise be silently ignored. The README and docs/design.md §2',
    'explain what the settings are for; this page is the reference.',
  ];
  for (const { reader, title, intro } of PROCESSES) {
    lines.push('', `## ${title}`, '', intro, '', '| variable | default | takes | set it | what it does |');
    lines.push('|---|---|---|---|---|');
    for (const [name, setting] of entries(reader)) {
      lines.push(
        `| \`${name}\` | ${shownDefault(setting)} | ${takes(setting)} | ${LEVELS[setting.level]} | ${setting.does} |`,
      );
    }
    const notes = entries(reader).filter(([, setting]) => setting.more);
    if (notes.length > 0) lines.push('');
    for (const [name, setting] of notes) lines.push(`- \`${name}\`: ${setting.more}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The README with its first-day table as the declaration has it. */
export function readmeWithFirstDay(readme: string): string {
  const [open, close] = README_MARKS;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md has lost its marks around the first-day settings: ${open}`);
  const rows = (Object.entries(SETTINGS_DECLARED) as [string, Setting][])
    .filter(([, setting]) => setting.level === 'first-day')
    .map(([name, setting]) => `| \`${name}\` | ${shownDefault(setting)} | ${setting.does} |`);
  const table = ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
  return `${readme.slice(0, start)}${open}\n${table}\n${readme.slice(end)}`;
}

/** Markdown's marks left out, for a plain-text file. */
const plain = (text: string) => text.replaceAll('`', '');

export function envExample(): string {
  const lines = [
    '# Medshop configuration: every setting, commented out with its default. Written by scripts/settings-reference.ts',
    '# from config/settings.ts (npm run codegen); docs/configuration.md says more. Every variable is optional; the',
    '# servers read the process environment: copy the lines you need into your shell or service manager.',
  ];
  for (const { reader, title } of PROCESSES) {
    lines.push('', `# ── ${plain(title)} ${'─'.repeat(Math.max(3, 100 - plain(title).length))}`);
    for (const [name, setting] of entries(reader)) {
      const fallback = (setting.schema as { default?: unknown }).default;
      const note = setting.shown && setting.shown !== 'unset' ? ` (default: ${plain(setting.shown)})` : '';
      lines.push('', `# ${plain(setting.does)}${note}`, `# ${name}=${fallback === undefined ? '' : String(fallback)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Each generated file and what it should hold. */
export const expected = (): [string, string][] => [
  [GENERATED.docs, configurationDoc()],
  [GENERATED.envExample, envExample()],
  ['README.md', readmeWithFirstDay(fs.readFileSync(fromRoot('README.md'), 'utf8'))],
];

/** The generated files whose committed text is not what this script writes. */
export function staleFiles(): string[] {
  return expected()
    .filter(([file, text]) => {
      const where = fromRoot(file);
      return !fs.existsSync(where) || fs.readFileSync(where, 'utf8') !== text;
    })
    .map(([file]) => file);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    for (const file of stale) console.error(`${file} is stale: run npm run codegen (config/settings.ts changed)`);
    process.exit(stale.length === 0 ? 0 : 1);
  }
  for (const [file, text] of expected()) fs.writeFileSync(fromRoot(file), text);
  console.log(`Wrote ${Object.values(GENERATED).join(', ')} from config/settings.ts`);
}
