// The servers the bench measures, each in its own Node process with NODE_ENV=production, as in production.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, freePort, startServer } from '../tests/helpers/server-process.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The admin's password on every REST service the bench starts. */
const ADMIN_PASSWORD = 'bench-admin';

/** The bench is one client address playing thousands of people: the limits per address and user would stop it. */
const UNLIMITED = {
  REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_MINUTE: '1000000',
  MESSAGES_PER_USER_PER_MINUTE: '1000000',
};

export async function startRest(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    path.join(root, 'rest/src/server.ts'),
    { REST_PORT: String(port), ADMIN_PASSWORD, ...UNLIMITED, ...env },
    port,
  );
}

/**
 * The same for the gateway's cost allowance: one user (or address) sends thousands of listings a second, which its
 * 500 points a second would refuse. Each operation is still priced and charged, as in production.
 */
const UNLIMITED_ALLOWANCE = { COST_ALLOWANCE: '1000000000', COST_REFILL_PER_SECOND: '1000000000' };

export async function startGatewayProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    path.join(root, 'gateway/src/server.ts'),
    { PORT: String(port), SOCKETS_PER_USER: '10', ...UNLIMITED_ALLOWANCE, ...env },
    port,
  );
}

export async function adminToken(restUrl: string): Promise<string> {
  const login = await fetch(`${restUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return login.text();
}
