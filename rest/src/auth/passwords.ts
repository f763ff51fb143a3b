// Password hashing with argon2id at the OWASP-recommended minimum cost (19 MiB, 2 passes, 1 lane).
import argon2 from 'argon2';

const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when the username is unknown, so response times do not reveal which usernames exist.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a real password');
  await verifyPassword(await dummyHash, password);
  return false;
}
