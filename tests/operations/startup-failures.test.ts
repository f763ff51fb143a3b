// A start that cannot succeed says why in one line — the setting and what to do — and exits non-zero: no stack
// trace for an operator to read through, and no misspelled setting silently ignored.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Launched, launch, ownLines } from '../helpers/launched.js';
import { freePort } from '../helpers/server-process.js';

const launched: Launched[] = [];
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-start-'));
afterAll(() => {
  for (const each of launched) each.kill();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Starts a part straight from the launcher (no npm lines around it) and answers its exit code and its lines. */
async function failedStart(part: string, env: NodeJS.ProcessEnv) {
  const run = launch({ direct: part }, { DATA_DIR: folder, ADMIN_PASSWORD: 'admin-pass', ...env });
  launched.push(run);
  // A start that succeeds instead would run on: it is stopped, and its lines are what the test sees.
  const started = setTimeout(() => run.kill(), 20_000);
  const code = await run.ended;
  clearTimeout(started);
  return { code, lines: ownLines(run.output()) };
}

describe('a start that cannot succeed', () => {
  it('a port in use', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      expect(await failedStart('gateway', { PORT: String(port), HOST: '127.0.0.1' })).toEqual({
        code: 1,
        lines: [
          `Configuration error: PORT: port ${port} is already in use. Stop what listens there, or set PORT to a free port.`,
        ],
      });
    } finally {
      taken.close();
    }
  });

  it('a host that is not this machine', async () => {
    expect(await failedStart('gateway', { PORT: String(await freePort()), HOST: 'no-such-host.invalid' })).toEqual({
      code: 1,
      lines: [
        'Configuration error: HOST: "no-such-host.invalid" is not an address of this machine. Set HOST to localhost, 0.0.0.0 (every interface) or one of its addresses.',
      ],
    });
  });

  it.each([
    [
      'PostgreSQL not running there',
      'postgres://shop@127.0.0.1:9/shop',
      'Configuration error: DATABASE_URL: PostgreSQL at 127.0.0.1:9/shop refused the connection: start PostgreSQL, or correct the host and port in DATABASE_URL',
    ],
    [
      'an unknown host',
      'postgres://shop:secret@no-such-host.invalid/shop',
      'Configuration error: DATABASE_URL: PostgreSQL at no-such-host.invalid:5432/shop: no such host; correct the host in DATABASE_URL',
    ],
  ])('a database that cannot be reached: %s (and no password in the message)', async (_why, databaseUrl, line) => {
    expect(await failedStart('rest', { REST_PORT: String(await freePort()), DATABASE_URL: databaseUrl })).toEqual({
      code: 1,
      lines: [line],
    });
  });

  it('a file that is not a SQLite database', async () => {
    const notADatabase = path.join(folder, 'notes.txt');
    fs.writeFileSync(notADatabase, 'These are notes, not a database.\n'.repeat(200));
    expect(
      await failedStart('rest', { REST_PORT: String(await freePort()), DATABASE_URL: `file:${notADatabase}` }),
    ).toEqual({
      code: 1,
      lines: [
        `Configuration error: DATABASE_URL: the SQLite file ${notADatabase} is not a SQLite database: point DATABASE_URL at the shop's database file`,
      ],
    });
  });

  it.each([
    ['REDIS_UR', 'REDIS_URL'],
    ['DATABSE_URL', 'DATABASE_URL'],
    ['TRUSTED_PROXY', 'TRUSTED_PROXIES'],
    ['OTEL_EXPORTER_OTLP_ENDPIONT', 'OTEL_EXPORTER_OTLP_ENDPOINT'],
  ])('a misspelled setting: %s', async (typo, meant) => {
    expect(await failedStart('rest', { REST_PORT: String(await freePort()), [typo]: 'x' })).toEqual({
      code: 1,
      lines: [
        `Configuration error: ${typo} is not a setting of the shop: did you mean ${meant}? Rename it (or unset it); docs/configuration.md lists every setting.`,
      ],
    });
  });

  it.each([
    [
      'rest',
      { LOG_LEVEL: 'inof' },
      'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "inof"',
    ],
    [
      'gateway',
      { LOG_LEVEL: 'WARNING' },
      'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "WARNING"',
    ],
    ['gateway', { LOG_FORMAT: 'jsno' }, 'Configuration error: LOG_FORMAT must be json or pretty, got "jsno"'],
    [
      'rest',
      { TRUSTED_PROXIES: '127.0.0.1,locahost' },
      'Configuration error: TRUSTED_PROXIES: "locahost" is not an address or a range of them (10.0.0.5, 10.0.0.0/8, ::1, or loopback, linklocal, uniquelocal); separate them with commas',
    ],
    [
      'gateway',
      { TRUSTED_PROXIES: '10.0.0.0/33' },
      'Configuration error: TRUSTED_PROXIES: "10.0.0.0/33" is not an address or a range of them (10.0.0.5, 10.0.0.0/8, ::1, or loopback, linklocal, uniquelocal); separate them with commas',
    ],
  ])('a logging or proxy setting with a typo (%s): %o', async (part, settings, line) => {
    const port = String(await freePort());
    expect(await failedStart(part, { PORT: port, REST_PORT: port, ...settings })).toEqual({ code: 1, lines: [line] });
  });

  // The REST service reads PORT too, for the e-mails' links when SHOP_URL is unset: a typo there is about PORT.
  it('a gateway port that is not a number, named as PORT by the REST service too', async () => {
    const port = String(await freePort());
    expect(await failedStart('rest', { REST_PORT: port, PORT: '40O0' })).toEqual({
      code: 1,
      lines: ['Configuration error: PORT must be a port number between 0 and 65535, got "40O0"'],
    });
  });

  it.each([
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      'Configuration error: OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" is not supported here; use http/protobuf (the default) or http/json',
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
      'Configuration error: OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" is not an http:// or https:// URL; set it to the collector\'s OTLP/HTTP address, e.g. http://localhost:4318',
    ],
    [
      { SHOP_CURRENCY: 'JPY' },
      'Configuration error: SHOP_CURRENCY: JPY has 0 minor digits; the shop keeps amounts in hundredths, so choose a currency with two (USD, EUR, GBP…)',
    ],
  ])('a setting of the gateway that cannot work: %o', async (settings, line) => {
    expect(await failedStart('gateway', { PORT: String(await freePort()), ...settings })).toEqual({
      code: 1,
      lines: [line],
    });
  });

  it.each([
    [
      // Its password is not repeated in the line.
      { SMTP_URL: 'https://mailer:s3cret@mail.example' },
      'Configuration error: SMTP_URL must start with smtp:// or smtps:// and name a host, got "https://mail.example"',
    ],
    [
      { MAIL_FROM: 'the shop' },
      'Configuration error: MAIL_FROM must be an address such as shop@example.com or Medshop <shop@example.com>, got "the shop"',
    ],
    [
      { PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '0' },
      'Configuration error: PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE must be a whole number of at least 1, got "0"',
    ],
  ])('a setting of the REST service that cannot work: %o', async (settings, line) => {
    expect(await failedStart('rest', { REST_PORT: String(await freePort()), ...settings })).toEqual({
      code: 1,
      lines: [line],
    });
  });
});
