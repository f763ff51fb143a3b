// Lint: the recommended rules of ESLint and typescript-eslint, type-aware where it matters; for web/ also React's
// rules of hooks and the feature boundaries (DESIGN §6: features never import each other, nor the app around them);
// for schema.graphql graphql-eslint's schema and Relay rules (issue 22: the schema explains itself).
import fs from 'node:fs';
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const importSettings = {
  // The servers import TypeScript files by their .js names (Node's ESM rule); the TypeScript resolver maps them.
  'import/resolver': {
    typescript: { project: ['tsconfig.json', 'web/tsconfig.json'] },
    node: { extensions: ['.ts', '.tsx'] },
  },
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

// What the JavaScript and TypeScript rules lint: code, not schema.graphql (their parsers and rules do not read
// GraphQL).
const CODE = ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'];

const features = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', '.scratch/', '**/gql/', '**/__generated__/', 'web/dist/'],
  },
  // schema.released.graphql is the frozen copy of the last release (`npm run schema:release` writes it; the
  // compatibility test compares schema.graphql with it): never edited by hand, so a finding there could not be fixed.
  { ignores: ['schema.released.graphql'] },
  { files: CODE, ...js.configs.recommended },
  ...tseslint.configs.recommended.map((config) => ({ files: CODE, ...config })),
  {
    files: CODE,
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Prettier keeps code within 120 characters but never breaks a comment or a string: comments are kept there
      // too; a string, a test's title or an address may run on.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignorePattern: '^\\s*(it|test|describe)(\\.\\w+)?\\(',
        },
      ],
    },
  },
  {
    // Commands a person runs: they talk on the terminal.
    files: ['scripts/**', 'bench/**', '.ci/**', 'deploy/**', 'rest/src/db/*-command.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/test/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      // Documents are written as `if (false) { gql`…` }` (Apollo's codegen guide): codegen reads them, bundles drop
      // them.
      'no-constant-condition': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      'import/no-cycle': 'error',
      // An import that leaves its folder names it from the top: `@/components/…`, `@shop-rules/…` (vite.config.ts).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message: 'Import from @/… (web/src) or @shop-rules/… instead of climbing folders.',
            },
          ],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Dependencies point one way: app → features → components and lib.
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need to components/ or lib/.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features do not import the app around them.',
            },
            {
              target: ['./web/src/components', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code does not import screens.',
            },
          ],
        },
      ],
    },
    settings: importSettings,
  },
  {
    // The servers: rest/ is routes → services → repositories → db; gateway/ is resolvers → data sources (rest/)
    // → HTTP. Lower layers never import higher ones, and nothing imports in a circle.
    files: ['rest/src/**/*.ts', 'gateway/src/**/*.ts', 'shop-rules/**/*.ts', 'config/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'rest/src/**/*.repository.ts',
              from: ['rest/src/**/*.service.ts', 'rest/src/**/*.routes.ts'],
              message: 'Repositories are the lowest layer: routes → services → repositories.',
            },
            {
              target: 'rest/src/**/*.service.ts',
              from: 'rest/src/**/*.routes.ts',
              message: 'Services do not know about HTTP routes: routes → services → repositories.',
            },
            {
              target: ['rest/src/db/**', 'rest/src/shared/**'],
              from: ['rest/src/!(db|shared)/**'],
              message: 'db/ and shared/ sit under every feature and import none.',
            },
            {
              target: 'gateway/src/rest/**',
              from: 'gateway/src/!(rest)/**',
              message: 'Data sources sit under the resolvers: resolvers → rest/ → HTTP.',
            },
            {
              target: 'gateway/src/rest/**',
              from: 'gateway/src/!(errors).ts',
              message: 'Data sources sit under the resolvers: resolvers → rest/ → HTTP.',
            },
            {
              target: 'gateway/src/!(app).ts',
              from: 'gateway/src/resolvers/**',
              message: 'Resolvers are the top layer: only app.ts assembles them into the schema.',
            },
            {
              target: ['shop-rules/**', 'config/**'],
              from: ['rest/**', 'gateway/**', 'web/**'],
              message: 'shop-rules/ and config/ are shared by every part and import none of them.',
            },
          ],
        },
      ],
    },
    settings: importSettings,
  },
  {
    // The public graph's schema, the single source of truth: graphql-eslint's `schema-recommended` and `schema-relay`
    // rules. Only schema.graphql: the web's documents are checked by codegen against it.
    files: ['schema.graphql'],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema: 'schema.graphql' } } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      ...graphqlPlugin.configs['flat/schema-relay'].rules,
      // Stricter than recommended (which asks only types, directives and root fields): every field, argument, input
      // field and enum value is described, for client developers reading introspection.
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          DirectiveDefinition: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
        },
      ],
      // Types without an identity of their own, inside an object that has one (exceptions of the rule's own):
      // Relay's PageInfo, connections and edges; values (Money, Preferences, OrderStatusCount, UserError); the lines of
      // a cart or an order and an order's history, which a client reaches only through their cart or order; and
      // mutation payloads. Giving them ids would be new fields with no meaning.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID'],
          exceptions: {
            types: [
              'PageInfo',
              'Money',
              'Preferences',
              'OrderStatusCount',
              'UserError',
              'CartItem',
              'OrderItem',
              'OrderEvent',
              // A search's reading and a product's highlight are values of one answer, with nothing to identify.
              'ProductHighlight',
              'TextPart',
              'ProductSearchSummary',
              'SearchCorrection',
              // A list's facets are counts of one answer too.
              'ProductFacets',
              'CategoryFacet',
              'PriceBandFacet',
              // The shop's settings: one of them, with nothing to tell apart.
              'ShopSettings',
              // A product's picture is its URL within the product, which a client's cache keeps inside it.
              'ProductImage',
              // A report as its reporter sees it, and a message as a report quotes it: parts of their holders.
              'ChatReport',
              'QuotedMessage',
              // A line of an order that did not go into the cart again: part of that one answer.
              'NotAddedLine',
              // A country is a value of the address it is in.
              'Country',
              // A shipping method's rate is part of the method; an option is one cart's price for a method.
              'ShippingRate',
              'ShippingOption',
              // A cart's charges are worked out for one question; a tax line is part of its order or charges; the
              // tax settings are the shop's one set.
              'CartCharges',
              'TaxLine',
              'TaxSettings',
              // The payment settings are the shop's one set too, its bank transfer's account part of them.
              'PaymentSettings',
              'BankTransferSettings',
              // An order's payment, and the account it pays into, are part of the order.
              'OrderPayment',
              'BankAccount',
              // A staff role is known by its name, which is its key at the REST service and in every client's cache.
              'StaffRole',
              // The viewer's second factor is part of the viewer.
              'TwoFactorStatus',
              // Someone the viewer blocked is known by their username, as the REST service knows them.
              'BlockedUser',
            ],
            suffixes: ['Connection', 'Edge', 'Payload'],
          },
        },
      ],
      // Lists that are not pages (roles, images, a cart's lines, userErrors, `nodes`, the unbounded `chatRooms` kept
      // for the plain contract's clients) may not be wrapped in connections: that would break every client of the
      // released schema. Edges must still be named …Edge and hold a Node.
      '@graphql-eslint/relay-edge-types': [
        'error',
        { withEdgeSuffix: true, shouldImplementNode: true, listTypeCanWrapOnlyEdgeType: false },
      ],
      // no-typename-prefix stays on for everything new; User.username and Order.orderDate, released before the rule,
      // are excepted where they stand in schema.graphql (eslint-disable-next-line with the reason): renaming them
      // would break every client of the released schema.
    },
  },
);
