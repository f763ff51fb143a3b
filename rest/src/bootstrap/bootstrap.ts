// What every shop starts with, ensured at each start: the admin account (ADMIN_USERNAME / ADMIN_PASSWORD) and,
// with SEED_DEMO, the demo catalogue in an empty shop.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { ConfigError } from '../config.js';
import type { UserService } from '../users/user.service.js';
import { seedDemoCatalogue } from './seed-demo.js';

export interface BootstrapOptions {
  users: UserService;
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Shows a generated admin password to the operator, once. */
  announceAdminPassword: (username: string, password: string) => void;
}

/**
 * Shows a generated admin password to the operator, once, and to nobody else: on the terminal when a person watches
 * it; otherwise (the output goes to a log collector) in a file only this user may read, which the log names.
 */
export function adminPasswordAnnouncer(dataDir: string, terminal: boolean = process.stdout.isTTY === true) {
  return (username: string, password: string): void => {
    if (terminal) {
      process.stdout.write(
        `\n  Admin account created: username "${username}", password "${password}"\n` +
          '  It is shown only this once. Set ADMIN_PASSWORD to choose it yourself.\n\n',
      );
      return;
    }
    const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    process.stdout.write(
      `\n  Admin account created: username "${username}"; its password is in ${file} (readable by this user only).\n` +
        '  Delete the file once you have it. Set ADMIN_PASSWORD to choose the password yourself.\n\n',
    );
  };
}

/** Where a generated admin password waits for the operator when no terminal shows it. */
export const ADMIN_PASSWORD_FILE = 'admin-password';

export const bootstrapPlugin = fp<BootstrapOptions>(
  async (app, options) => {
    const admin = await options.users.ensureAdmin(options.adminUsername, options.adminPassword);
    if (admin.heldByRegularAccount) {
      throw new ConfigError(
        `ADMIN_USERNAME "${options.adminUsername}" belongs to a regular account. Set ADMIN_PASSWORD to make it the admin ` +
          'account (its password is then replaced and its sessions end), or choose another ADMIN_USERNAME.',
      );
    }
    if (admin.generatedPassword) options.announceAdminPassword(options.adminUsername, admin.generatedPassword);
    if (admin.secondFactorTurnedOff)
      app.log.warn(
        { username: options.adminUsername },
        'ADMIN_PASSWORD replaced the admin account’s password, and turned its second factor off: set it up again',
      );
    if (options.seedDemo) {
      const added = await seedDemoCatalogue(app.shopDatabase.db, app.shopDatabase.kind);
      if (added > 0) app.log.info({ products: added }, 'demo catalogue loaded');
    }
  },
  { name: 'bootstrap', dependencies: ['database'] },
);
