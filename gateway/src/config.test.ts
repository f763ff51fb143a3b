// The gateway's settings for browsers' explorers: GraphiQL at /graphiql (GRAPHQL_EXPLORER) is on wherever
// introspection is, production included, since nothing of it comes from another origin; Apollo Sandbox
// (GRAPHQL_SANDBOX), whose scripts come from Apollo's CDN, is off in production unless asked for.
import { describe, expect, it } from 'vitest';
import { ConfigError, misspelledSetting } from '../../config/env.js';
import { SETTINGS_DECLARED } from '../../config/settings.js';
import { loadGatewayConfig } from './config.js';
import { TRUSTED_DOCUMENT_POLICIES } from './trusted-documents.js';

const explorers = (env: NodeJS.ProcessEnv) => {
  const config = loadGatewayConfig(env);
  return { introspection: config.introspection, explorer: config.explorer, sandbox: config.sandbox };
};

describe('the explorers', () => {
  it.each([
    ['by default', {}, { introspection: true, explorer: true, sandbox: true }],
    ['in production', { NODE_ENV: 'production' }, { introspection: true, explorer: true, sandbox: false }],
    [
      'with GRAPHQL_EXPLORER=false',
      { GRAPHQL_EXPLORER: 'false' },
      { introspection: true, explorer: false, sandbox: true },
    ],
    [
      'with Sandbox asked for in production',
      { NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true' },
      { introspection: true, explorer: true, sandbox: true },
    ],
    // Served only while introspection is on (app.ts): an explorer that cannot read the schema knows nothing.
    [
      'with introspection off',
      { GRAPHQL_INTROSPECTION: 'off' },
      { introspection: false, explorer: true, sandbox: true },
    ],
  ])('are set %s', (_case, env, expected) => {
    expect(explorers(env)).toEqual(expected);
  });

  it('refuses a GRAPHQL_EXPLORER that is not true or false, in one line', () => {
    expect(() => loadGatewayConfig({ GRAPHQL_EXPLORER: 'graphiql' })).toThrow(
      new ConfigError('GRAPHQL_EXPLORER must be true or false, got "graphiql"'),
    );
  });

  it('names GRAPHQL_EXPLORER when a variable is almost it', () => {
    expect(misspelledSetting({ GRAPHQL_EXPLORR: 'false' })).toBe(
      'GRAPHQL_EXPLORR is not a setting of the shop: did you mean GRAPHQL_EXPLORER? Rename it (or unset it); docs/configuration.md lists every setting.',
    );
    expect(misspelledSetting({ GRAPHQL_EXPLORER: 'false' })).toBeUndefined();
  });
});

it("declares TRUSTED_DOCUMENTS with the gateway's policies (config/settings.ts)", () => {
  expect(SETTINGS_DECLARED.TRUSTED_DOCUMENTS.schema.enum).toEqual([...TRUSTED_DOCUMENT_POLICIES]);
});
