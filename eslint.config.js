// Lint: the recommended rules of ESLint and typescript-eslint, type-aware where it matters; for web/ also React's
// rules of hooks and the feature boundaries (DESIGN §6: features never import each other, nor the app around them).
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const importSettings = {
  // The servers import TypeScript files by their .js names (Node's ESM rule); the TypeScript resolver maps them.
  'import/resolver': { typescript: { project: ['tsconfig.json', 'web/tsconfig.json'] }, node: { extensions: ['.ts', '.tsx'] } },
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

const features = fs.readdirSync('web/src/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', '.scratch/', '**/gql/', '**/__generated__/', 'web/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
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
      // Documents are written as `if (false) { gql`…` }` (Apollo's codegen guide): codegen reads them, bundles drop them.
      'no-constant-condition': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      'import/no-cycle': 'error',
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
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app around them.' },
            { target: ['./web/src/components', './web/src/lib'], from: ['./web/src/features', './web/src/app'], message: 'Shared code does not import screens.' },
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
            { target: 'rest/src/**/*.repository.ts', from: ['rest/src/**/*.service.ts', 'rest/src/**/*.routes.ts'], message: 'Repositories are the lowest layer: routes → services → repositories.' },
            { target: 'rest/src/**/*.service.ts', from: 'rest/src/**/*.routes.ts', message: 'Services do not know about HTTP routes: routes → services → repositories.' },
            { target: ['rest/src/db/**', 'rest/src/shared/**'], from: ['rest/src/!(db|shared)/**'], message: 'db/ and shared/ sit under every feature and import none.' },
            { target: 'gateway/src/rest/**', from: 'gateway/src/!(rest)/**', message: 'Data sources sit under the resolvers: resolvers → rest/ → HTTP.' },
            { target: 'gateway/src/rest/**', from: 'gateway/src/!(errors).ts', message: 'Data sources sit under the resolvers: resolvers → rest/ → HTTP.' },
            { target: 'gateway/src/!(app).ts', from: 'gateway/src/resolvers/**', message: 'Resolvers are the top layer: only app.ts assembles them into the schema.' },
            { target: ['shop-rules/**', 'config/**'], from: ['rest/**', 'gateway/**', 'web/**'], message: 'shop-rules/ and config/ are shared by every part and import none of them.' },
          ],
        },
      ],
    },
    settings: importSettings,
  },
);
