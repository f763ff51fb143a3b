// `npm run codegen`: types generated from schema.graphql, the single source of truth. A test fails when the
// committed output is stale.
// The web client's documents are typed as Apollo Client 4's codegen guide sets it up, with Apollo's data masking
// (`inlineFragmentTypes: "mask"`): a component sees only the fields of its own fragment. typescript-operations 6
// writes the input and enum types it needs itself; the `typescript` plugin beside it would declare them twice.
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
        scalars: { DateTime: 'string', Decimal: 'string' },
        mappers: {
          Product: `${contract}#RestProduct`,
          Category: `${contract}#RestCategory`,
          User: '../resolver-parents.js#ViewerModel',
          Preferences: `${contract}#RestPreferences`,
          ChatUser: `${contract}#RestChatUser`,
          Cart: `${contract}#RestCart`,
          CartItem: `${contract}#RestCartItem`,
          Order: `${contract}#RestOrder`,
          OrderItem: `${contract}#RestOrderItem`,
          OrderEvent: `${contract}#RestOrderEvent`,
          NotAddedLine: `${contract}#RestNotAddedLine`,
          Address: `${contract}#RestAddress`,
          ShippingMethod: `${contract}#RestShippingMethod`,
          ShippingRate: `${contract}#RestShippingRate`,
          ShippingOption: `${contract}#RestShippingOption`,
          TaxRate: `${contract}#RestTaxRate`,
          TaxLine: `${contract}#RestTaxGroup`,
          CartCharges: `${contract}#RestCartCharges`,
          OrderPayment: `${contract}#RestOrderPayment`,
          PaymentSettings: `${contract}#RestPaymentSettings`,
          StaffRole: `${contract}#RestStaffRole`,
          StaffMember: `${contract}#RestStaffMember`,
          ChatRoom: `${contract}#RestChatRoom`,
          Message: `${contract}#RestMessage`,
          ChatReport: `${contract}#RestCallerReport`,
          ReportedMessage: `${contract}#RestQueuedReport`,
          QuotedMessage: `${contract}#RestQuotedMessage`,
        },
      },
    },
    // Every operation and fragment of web/, typed from the schema, as TypedDocumentNodes
    // (`useQuery(ProductListingDocument)`).
    'web/src/gql/graphql.ts': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', Decimal: 'string' },
        avoidOptionals: { field: true, inputValue: false },
        defaultScalarType: 'unknown',
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
        inlineFragmentTypes: 'mask',
        customDirectives: { apolloUnmask: true },
      },
    },
  },
};

export default config;
