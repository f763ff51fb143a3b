// GET /healthz for load balancers and `npm start`: 200 while the database answers, 503 when it does not.
import fp from 'fastify-plugin';
import { sql } from 'kysely';

export const healthPlugin = fp(
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.shopDatabase.db);
        return { status: 'ok' };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: 'The database cannot be reached' });
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
