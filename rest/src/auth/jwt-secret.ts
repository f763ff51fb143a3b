// The token signing key: JWT_SECRET when set, otherwise one generated on first start and kept in DATA_DIR,
// so tokens survive restarts and every REST instance sharing DATA_DIR agrees on it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written whole to a private file first, then linked into place: link() fails when the name exists and makes the
  // file appear complete, so two instances starting together keep one secret and neither reads a half-written one.
  const draft = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(draft, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one generated`);
  return secret;
}
