import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveJwtSecret } from './jwt-secret.js';

describe('the generated token signing key', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is one secret for two instances when the second arrives while the first is still writing it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-secret-'));
    const realWrite = fs.writeFileSync;
    let secondInstance: string | Error | undefined;
    let preempted = false;
    // The fault: the first instance is pre-empted after its file exists and before its bytes are in it, and the
    // second instance runs to the end in that moment (as two processes sharing DATA_DIR can).
    vi.spyOn(fs, 'writeFileSync').mockImplementation((file, data, options) => {
      if (preempted || typeof file !== 'string') return realWrite(file, data, options);
      preempted = true;
      const descriptor = fs.openSync(file, 'wx', 0o600);
      try {
        secondInstance = resolveJwtSecret(undefined, dataDir);
      } catch (error) {
        secondInstance = error as Error;
      }
      fs.writeSync(descriptor, String(data));
      fs.closeSync(descriptor);
    });
    try {
      const firstInstance = resolveJwtSecret(undefined, dataDir);
      expect(secondInstance).toBe(firstInstance);
      expect(firstInstance).toHaveLength(64);
      expect(fs.readdirSync(dataDir)).toEqual(['jwt-secret']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is kept across restarts, readable by its owner only, and JWT_SECRET wins when set', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-secret-'));
    try {
      const first = resolveJwtSecret(undefined, dataDir);
      expect(resolveJwtSecret(undefined, dataDir)).toBe(first);
      expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      const configured = crypto.randomBytes(40).toString('hex');
      expect(resolveJwtSecret(configured, dataDir)).toBe(configured);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
