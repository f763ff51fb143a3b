// The probes (README, "Liveness and readiness"):
// - GET /livez: the process answers. Nothing else is asked, so a database outage never gets an instance restarted.
// - GET /readyz: this instance can serve now: it is not being stopped, and the database answers a query within a
//   second (a slower answer is as good as none to a load balancer).
// - GET /healthz: as before, 200 while the database answers, 503 when it does not (whether stopping or not).
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { boundedCheck } from '../../../config/server.js';

/** The longest a probe waits for the database. */
export const READINESS_TIMEOUT_MS = 1000;

export const healthPlugin = fp(
  async (app) => {
    // Probes arriving together (a load balancer's, the supervisor's) share one query.
    const databaseAnswers = boundedCheck(
      async () => {
        await sql`select 1`.execute(app.shopDatabase.db);
        return true;
      },
      { timeoutMs: READINESS_TIMEOUT_MS },
    );
    const unavailable = { status: 'unavailable', message: 'The database cannot be reached' };

    app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'alive' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      if (app.draining) return reply.code(503).send({ status: 'draining' });
      return (await databaseAnswers()) ? { status: 'ready' } : reply.code(503).send(unavailable);
    });
    app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
      (await databaseAnswers()) ? { status: 'ok' } : reply.code(503).send(unavailable),
    );
  },
  { name: 'health', dependencies: ['database'] },
);
