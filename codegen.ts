// `npm run codegen`: types generated from schema.graphql, the single source of truth. A test fails when the
// committed output is stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

const contract = '../rest/contract.js';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  generates: {
    // Resolver signatures, with each GraphQL type mapped to the REST answer that backs it.
    'gateway/src/__generated__/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useIndexSignature: true,
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.js#GatewayContext',
        scalars: { DateTime: 'string' },
        mappers: {
          Product: `${contract}#RestProduct`,
          User: '../models.js#ViewerModel',
          Preferences: `${contract}#RestPreferences`,
          ChatUser: `${contract}#RestChatUser`,
          Cart: `${contract}#RestCart`,
          CartItem: `${contract}#RestCartItem`,
          Order: `${contract}#RestOrder`,
          OrderItem: `${contract}#RestOrderItem`,
          ChatRoom: `${contract}#RestChatRoom`,
          Message: `${contract}#RestMessage`,
        },
      },
    },
  },
};

export default config;
