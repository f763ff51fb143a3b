// The one declaration of the settings (settings.ts) stays the one: the generated reference and .env.example are what
// it makes, every name it declares is read somewhere, every variable the servers read is declared, and the defaults
// written where the declaration cannot be imported (the cluster's plain JavaScript, the tools) are the declared ones.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected } from '../scripts/settings-reference.js';
import { ConfigError, misspelledSetting, readCount, readFlag, readNumber, readText } from './env.js';
import { fromRoot } from './paths.js';
import { SETTINGS_DECLARED, SETTING_NAMES, type SettingName, declaredDefault } from './settings.js';

/** Every code file below `folder` (tests and this declaration left out). */
function codeFiles(folder: string): string[] {
  const where = fromRoot(folder);
  if (fs.statSync(where).isFile()) return [folder];
  return fs
    .readdirSync(where, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.(ts|mts|mjs|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('__generated__'),
    )
    .map((file) => path.join(folder, file))
    .filter((file) => file !== path.join('config', 'settings.ts'));
}

const read = (files: string[]) => files.map((file) => fs.readFileSync(fromRoot(file), 'utf8')).join('\n');

/** The servers' code: what `npm start`, `start:rest`, `start:gateway` and `npm run cluster` run. */
const SERVER_FILES = [
  ...codeFiles('rest/src'),
  ...codeFiles('gateway/src'),
  ...codeFiles('config'),
  'scripts/start.ts',
  'scripts/launch.mjs',
  'deploy/cluster.mjs',
];
const TOOLING_FILES = [
  ...codeFiles('tests/helpers'),
  ...codeFiles('tests/journeys/support'),
  'scripts/screenshots.ts',
  'scripts/dev.ts',
  'web/vite.config.ts',
];

describe('the generated reference', () => {
  it.each(expected())('%s is what npm run codegen writes from config/settings.ts', (file, text) => {
    expect(fs.readFileSync(fromRoot(file), 'utf8'), `${file} is stale: run npm run codegen`).toBe(text);
  });
});

describe('the declaration and the code', () => {
  it('declares every variable the servers read', () => {
    const code = read(SERVER_FILES);
    const reads = new Set<string>();
    const patterns = [
      /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]*)|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g,
      // The readers of env.ts, and the cluster's own (deploy/cluster.mjs: setting, number).
      /\b(?:readCount|readNumber|readFlag|readText|setting|number)\(\s*(?:[\w.{}]+,\s*)?'([A-Z][A-Z0-9_]*)'/g,
    ];
    for (const pattern of patterns) for (const match of code.matchAll(pattern)) reads.add((match[1] ?? match[2])!);
    const undeclared = [...reads].filter((name) => !(name in SETTINGS_DECLARED));
    expect(undeclared).toEqual([]);
    // The patterns do find the reads: one of each kind.
    expect([...reads]).toEqual(expect.arrayContaining(['REST_PORT', 'CLUSTER_PORT', 'OTEL_SDK_DISABLED', 'NGINX']));
  });

  it('reads every name it declares: the servers theirs, the cluster and the tools theirs', () => {
    const servers = read(SERVER_FILES.filter((file) => file !== 'deploy/cluster.mjs'));
    const cluster = read(['deploy/cluster.mjs']);
    const tooling = read(TOOLING_FILES);
    const unread = SETTING_NAMES.filter((name) => {
      const { readBy } = SETTINGS_DECLARED[name];
      const code = readBy === 'cluster' ? cluster : readBy === 'tooling' ? tooling : servers;
      return !new RegExp(`\\b${name}\\b`).test(code);
    });
    expect(unread).toEqual([]);
  });

  it('gives the defaults that plain JavaScript and the tools write themselves as declared', () => {
    const written = new Map<string, string>();
    const patterns = [
      // deploy/cluster.mjs: setting('CLUSTER_PORT', '8000'), number('REQUEST_TIMEOUT_MS', 10_000),
      /\b(?:setting|number)\(\s*'([A-Z][A-Z0-9_]*)',\s*'?([^')]+?)'?\)/g,
      // env.SHUTDOWN_GRACE_MS || 15_000, process.env.CHROMIUM_PATH || '/usr/bin/chromium', … ?? 5173
      /(?:process\.env|\benv)\.([A-Z][A-Z0-9_]*)\s*(?:\|\||\?\?)\s*'?([\w:/@.-]+)'?/g,
    ];
    const files = ['deploy/cluster.mjs', ...TOOLING_FILES];
    for (const pattern of patterns)
      for (const match of read(files).matchAll(pattern)) written.set(match[1]!, match[2]!.replaceAll('_', ''));
    // CLUSTER_DIR's is a path below the project's root (path.join), which the pattern does not take for a literal.
    // The cluster's own defaults, which its entries in docs/configuration.md say in words (`shown`): its servers keep
    // their files in CLUSTER_DIR, run in production and load the demo catalogue.
    const ownDefaults = { DATA_DIR: 'dir', NODE_ENV: 'production', SEED_DEMO: 'true' };
    expect(Object.fromEntries([...written].filter(([name]) => name in ownDefaults))).toEqual(ownDefaults);
    const declaredOnes = [...written].filter(([name]) => !(name in ownDefaults));
    expect(declaredOnes.map(([name]) => name).sort()).toEqual(
      [
        'CHROMIUM_PATH',
        'CLUSTER_HOST',
        'CLUSTER_PORT',
        'NGINX',
        'PORT',
        'REQUEST_TIMEOUT_MS',
        'REST_TIMEOUT_MS',
        'SHUTDOWN_GRACE_MS',
        'TEST_DATABASE',
        'TEST_POSTGRES_URL',
        'WEB_DEV_PORT',
      ].sort(),
    );
    for (const [name, value] of declaredOnes) expect(value, name).toBe(String(declaredDefault(name as SettingName)));
  });
});

describe('reading a setting', () => {
  it('takes the declared default when unset or empty', () => {
    expect(readCount({}, 'REST_PORT')).toBe(8080);
    expect(readCount({ MAIL_MAX_ATTEMPTS: '' }, 'MAIL_MAX_ATTEMPTS')).toBe(8);
    expect(readNumber({}, 'METRICS_PORT')).toBeUndefined();
    expect(readFlag({}, 'CATALOGUE_CACHE')).toBe(true);
    expect(readFlag({}, 'GRAPHQL_SANDBOX', false)).toBe(false);
    expect(readText({}, 'REDIS_CHANNEL_PREFIX')).toBe('medshop:');
    expect(readText({}, 'REDIS_URL')).toBeUndefined();
  });

  it.each([
    ['REST_PORT', '65536', 'REST_PORT must be a port number between 0 and 65535, got "65536"'],
    ['METRICS_PORT', 'x', 'METRICS_PORT must be a port number between 0 and 65535, got "x"'],
    ['MAIL_MAX_ATTEMPTS', '0', 'MAIL_MAX_ATTEMPTS must be a whole number of at least 1, got "0"'],
    ['REST_TIMEOUT_MS', '1.5', 'REST_TIMEOUT_MS must be a whole number of at least 1, got "1.5"'],
    ['SESSION_RECHECK_SECONDS', '0', 'SESSION_RECHECK_SECONDS must be a number above 0, got "0"'],
  ] as const)('refuses %s=%s in one line', (name, value, message) => {
    expect(() => readNumber({ [name]: value }, name)).toThrow(new ConfigError(message));
  });

  it('takes a fraction where the schema is a number, not a whole one', () => {
    expect(readNumber({ SESSION_RECHECK_SECONDS: '0.2' }, 'SESSION_RECHECK_SECONDS')).toBe(0.2);
  });
});

describe('a misspelled setting', () => {
  it('knows every declared name as a setting', () => {
    expect(SETTING_NAMES.filter((name) => misspelledSetting({ [name]: 'x' }) !== undefined)).toEqual([]);
  });

  it.each([
    ['REDIS_UR', 'REDIS_URL'],
    ['TRUSTED_PROXY', 'TRUSTED_PROXIES'],
    ['CLUSTER_PRT', 'CLUSTER_PORT'],
  ])('names %s as %s, from the declaration', (typo, meant) => {
    expect(misspelledSetting({ [typo]: 'x' })).toBe(
      `${typo} is not a setting of the shop: did you mean ${meant}? Rename it (or unset it); docs/configuration.md lists every setting.`,
    );
  });

  // The declaration names the tools' settings too: none of them may make another tool's variable look like a typo.
  it.each([
    'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
    'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT',
    'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
    'OTEL_METRICS_EXPORTER',
    'OTEL_LOGS_EXPORTER',
    'OTEL_TRACES_SAMPLER',
    'TEST_DATABASE_URL',
    'TEST_REDIS_URL',
    'VITEST_POOL_ID',
    'NOTIFY_SOCKET',
  ])('leaves %s alone', (name) => {
    expect(misspelledSetting({ [name]: 'x' })).toBeUndefined();
  });
});
