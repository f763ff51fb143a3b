// Signing and checking bearer tokens: HS256 JWTs with an expiry, signed with JWT_SECRET or a secret generated once
// into DATA_DIR. Who a token belongs to is settled per request by auth/authenticate.ts.
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { resolveJwtSecret } from '../auth/jwt-secret.js';

export interface TokensOptions {
  jwtSecret: string | undefined;
  dataDir: string;
  tokenLifetimeSeconds: number;
}

export const tokensPlugin = fp<TokensOptions>(
  async (app, options) => {
    await app.register(fastifyJwt, {
      secret: resolveJwtSecret(options.jwtSecret, options.dataDir),
      sign: { algorithm: 'HS256', expiresIn: options.tokenLifetimeSeconds },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', null);
  },
  { name: 'tokens' },
);
