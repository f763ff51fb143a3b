// The systemd units of deploy/systemd, checked by systemd itself (`systemd-analyze verify`, which needs no systemd
// running: it reads the files as systemd would), their exposure by `systemd-analyze security --offline`, and the
// settings that must agree with the servers' own. Skipped, loudly, without systemd-analyze.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_GRACE_MS, HARD_STOP_AFTER_GRACE_MS } from '../../config/server.js';
import { PROJECT_ROOT } from '../helpers/launched.js';

const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((candidate) => fs.existsSync(candidate));
if (!analyze)
  console.warn('\n!!! The systemd unit checks are SKIPPED: no systemd-analyze here (apt-get install systemd).\n');

const units = path.join(PROJECT_ROOT, 'deploy', 'systemd');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-units-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
for (const file of fs.readdirSync(units)) fs.copyFileSync(path.join(units, file), path.join(folder, file));

/** `Key=value` settings of a unit file, each key with every value it is given. */
function settings(file: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(units, file), 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}

describe('deploy/systemd', () => {
  it('ships a template unit per server and a target, and nothing else', () => {
    expect(fs.readdirSync(units).sort()).toEqual([
      'medshop-gateway@.service',
      'medshop-rest@.service',
      'medshop.target',
    ]);
  });

  it.runIf(analyze)(
    'passes systemd-analyze verify: every unit, as the first and the second instance of each server',
    () => {
      const result = spawnSync(
        analyze!,
        [
          'verify',
          ...[
            'medshop-rest@1.service',
            'medshop-rest@2.service',
            'medshop-gateway@1.service',
            'medshop-gateway@2.service',
            'medshop.target',
          ].map((unit) => `./${unit}`),
        ],
        {
          cwd: folder,
          encoding: 'utf8',
        },
      );
      // Any complaint (an unknown setting, a command that is not there) is printed; verify passes in silence.
      expect({ status: result.status, said: `${result.stdout}${result.stderr}`.trim() }).toEqual({
        status: 0,
        said: '',
      });
    },
  );

  it.runIf(analyze)('exposes little to the host: systemd-analyze security rates each server OK or better', () => {
    for (const unit of ['medshop-rest@1.service', 'medshop-gateway@1.service']) {
      const result = spawnSync(analyze!, ['security', '--offline=true', `./${unit}`], {
        cwd: folder,
        encoding: 'utf8',
      });
      const level = /Overall exposure level for \S+: (\d+\.\d) (\w+)/.exec(result.stdout);
      expect([unit, level?.[2]]).toEqual([unit, 'OK']);
      expect(Number(level?.[1])).toBeLessThan(2);
    }
  });

  it.each(['medshop-rest@.service', 'medshop-gateway@.service'])(
    '%s: restarts what fails, waits out a drain, runs as medshop, writes nothing it need not',
    (file) => {
      const unit = settings(file);
      const one = (key: string) => unit.get(key)?.join(' ');
      // The server drains for SHUTDOWN_GRACE_MS and ends itself 5 s later at the latest: systemd waits longer than
      // both.
      expect(Number(one('TimeoutStopSec'))).toBe((DEFAULT_SHUTDOWN_GRACE_MS + HARD_STOP_AFTER_GRACE_MS) / 1000 + 5);
      expect([one('KillSignal'), one('Restart'), one('User'), one('Group'), one('WorkingDirectory')]).toEqual([
        'SIGTERM',
        'on-failure',
        'medshop',
        'medshop',
        '/opt/medshop',
      ]);
      expect(one('ExecStart')).toBe(
        `/usr/bin/env node scripts/launch.mjs ${file.startsWith('medshop-rest') ? 'rest' : 'gateway'}`,
      );
      for (const hardening of [
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'PrivateDevices=yes',
        'RestrictNamespaces=yes',
        'CapabilityBoundingSet=',
      ]) {
        const [key, value] = hardening.split('=');
        expect([key, one(key!)]).toEqual([key, value]);
      }
      // Only the REST service keeps anything on disk (its JWT secret, e-mail files without SMTP_URL): in its state
      // folder.
      expect([one('StateDirectory'), unit.get('Environment')?.join(' ').includes('DATA_DIR=/var/lib/medshop')]).toEqual(
        file.startsWith('medshop-rest') ? ['medshop', true] : [undefined, false],
      );
      expect(unit.get('EnvironmentFile')).toEqual([
        '/etc/medshop/medshop.env',
        `/etc/medshop/${file.startsWith('medshop-rest') ? 'rest' : 'gateway'}@%i.env`,
      ]);
    },
  );
});
