// Many accounts quickly, for the measurements that need thousands of people (10,000 sockets, 200 buyers): each is
// one row written through the REST service's own repository (one argon2 hash shared by all: hashing 10,000
// passwords would take minutes and measures nothing), with a token signed as the service signs them (HS256 with
// its secret from DATA_DIR). The service then knows them as it knows everyone it registered itself.
import crypto from 'node:crypto';
import { hashPassword } from '../rest/src/auth/passwords.js';
import { resolveJwtSecret } from '../rest/src/auth/jwt-secret.js';
import { openDatabase } from '../rest/src/db/database.js';
import { UserRepository } from '../rest/src/users/user.repository.js';

export interface Account {
  id: number;
  username: string;
  token: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signToken(secret: string, claims: Record<string, unknown>): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const now = Math.floor(Date.now() / 1000);
  const body = base64url(JSON.stringify({ ...claims, iat: now, exp: now + 24 * 60 * 60 }));
  const signature = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

export async function createAccounts(
  databaseUrl: string,
  dataDir: string,
  usernames: readonly string[],
): Promise<Account[]> {
  const database = openDatabase(databaseUrl);
  try {
    const users = new UserRepository(database.db);
    const passwordHash = await hashPassword('bench-password');
    const secret = resolveJwtSecret(undefined, dataDir);
    const accounts: Account[] = [];
    for (const username of usernames) {
      const row =
        (await users.insert({ username, passwordHash, roles: 'USER' })) ?? (await users.findByUsername(username));
      if (!row) throw new Error(`could not create ${username}`);
      accounts.push({
        id: row.id,
        username,
        token: signToken(secret, { sub: String(row.id), ver: row.tokenVersion, username }),
      });
    }
    return accounts;
  } finally {
    await database.close();
  }
}
