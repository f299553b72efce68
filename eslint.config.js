import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's feature folders, as on disk (a list by hand went stale); each imports only
 * src/web/lib, src/web/ui, src/web/i18n (the pages' languages, issue 40), src/shared and itself.
 */
const webFeatures = readdirSync(new URL('./src/web', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['app', 'lib', 'ui', 'i18n', 'public'].includes(entry.name))
  .map((entry) => entry.name);
const webFeatureZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/${feature}`,
    from: ['./src/web/app', ...webFeatures.filter((other) => other !== feature).map((other) => `./src/web/${other}`)],
    message: `A web feature imports only src/web/lib, src/web/ui and src/shared: move what ${feature} needs from another feature to lib (non-visual) or ui (visual).`,
  })),
  {
    target: ['./src/web/lib', './src/web/ui', './src/web/i18n'],
    from: ['./src/web/app', ...webFeatures.map((feature) => `./src/web/${feature}`)],
    message:
      'src/web/lib, src/web/ui and src/web/i18n are the floor every feature stands on: they import no feature and not the app.',
  },
];

/**
 * The server's folders, as on disk. Infrastructure (the database, HTTP plumbing, e-mail outbox,
 * metrics, configuration, the document layout, the VAT-number registries' clients) imports no feature; the app (src/server/app.ts)
 * wires features into it. Features are listed in dependency order: each imports only the
 * features before it, so feature imports run one way and never form a cycle (decision 0028).
 */
const serverInfrastructure = ['config', 'db', 'documents', 'http', 'jobs', 'mail', 'metrics', 'peppol', 'vat-registry'];
const serverFeatureOrder = [
  'settings',
  'business-profile',
  'accounts',
  'audit',
  'organisations',
  'countries',
  'waitlist',
  'health',
  'catalogue',
  'supplier-pack',
  'pricing',
  'terms',
  'flows',
  'quotes',
  'customs',
  'order-records',
  'instruments',
  'billing',
  'orders',
  'service-requests',
  'privacy',
  'staff',
  'customers',
  'reporting',
  'workflows',
  'admin',
];
const serverFolders = readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const folder of serverFolders) {
  if (!serverInfrastructure.includes(folder) && !serverFeatureOrder.includes(folder)) {
    throw new Error(
      `eslint.config.js: src/server/${folder} is new; add it to serverInfrastructure or to serverFeatureOrder.`,
    );
  }
}
const serverFeatures = serverFeatureOrder.filter((feature) => serverFolders.includes(feature));
const serverZones = [
  {
    target: serverInfrastructure.map((folder) => `./src/server/${folder}`),
    from: serverFeatures.map((feature) => `./src/server/${feature}`),
    message:
      'Server infrastructure (config, db, documents, http, jobs, mail, metrics, peppol, vat-registry) imports no feature: take what it needs as an option or decoration that src/server/app.ts passes in.',
  },
  ...serverFeatures.slice(0, -1).map((feature, index) => ({
    target: `./src/server/${feature}`,
    from: serverFeatures.slice(index + 1).map((later) => `./src/server/${later}`),
    message: `A server feature imports only the features before it in serverFeatureOrder (eslint.config.js, decision 0028): ${feature} may not import a later one; move the shared part down or invert the dependency.`,
  })),
];

/**
 * One-way imports (docs/architecture.md): shared ← server, shared ← web; storefront never imports admin;
 * in the browser, shared ← lib and ui ← features ← app (routes and providers).
 */
const boundaries = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared is pure domain code: no server or web imports.',
  },
  { target: './src/server', from: './src/web', message: 'The server never imports browser code.' },
  {
    target: './src/web',
    from: './src/server',
    message: 'The browser never imports server code; share it through src/shared.',
  },
  {
    target: ['./src/web/!(admin|app)/**/*', './src/web/*'],
    from: './src/web/admin',
    message: 'A storefront feature never imports an admin feature.',
  },
  {
    // The app's route table may reach the admin wing only through its one lazy route (src/web/admin/admin-app.tsx).
    target: './src/web/app',
    from: './src/web/admin',
    except: ['./admin-app.tsx'],
    message: 'Only the lazy admin/* route of app-routes.tsx may import the admin wing (admin-app.tsx).',
  },
  {
    // Issue 50: src/shared/admin holds only what the staff wing alone reads (its session, settings and
    // admin contracts); a feature's contracts live in its own src/shared/<feature> (decision 0076).
    target: [
      './src/shared/!(admin)/**/*',
      './src/shared/*',
      './src/server/!(admin)/**/*',
      './src/server/*',
      './src/web/!(admin)/**/*',
      './src/web/*',
      './tests',
      './scripts',
    ],
    from: './src/shared/admin',
    message:
      'Only src/server/admin and src/web/admin import src/shared/admin: put what a feature shares in src/shared/<feature>.',
  },
  ...webFeatureZones,
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // Compiled by `npx lingui compile` from the PO catalogues beside them (decision notes 0064 and 0069).
      'src/shared/i18n/locales/*/messages.ts',
      'src/web/i18n/locales/*/messages.ts',
      'node_modules/',
      'drizzle/',
      'test-results*/',
      'playwright-report/',
      'bench-results/',
      'lighthouse-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle reads the imported modules themselves, TypeScript ones with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverZones] }],
      // No module imports itself back through others (issue 50): a cycle is broken by a file of its own.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // A server test sets up through any feature (seeding the catalogue, streaming a CSV), as the app does.
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // An admin route file routes: its queries are a feature's functions, so each table has one home
    // (issue 35). step-up.ts is the wing's own infrastructure (the session's step-up time).
    files: ['src/server/admin/**/*.ts'],
    ignores: ['src/server/admin/**/*.test.ts', 'src/server/admin/step-up.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message: "An admin route file routes only: query through a feature's function (issue 35).",
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              message: "An admin route file routes only: query through a feature's function (issue 35).",
            },
          ],
        },
      ],
    },
  },
  {
    // The one admin import must stay lazy: a static import of admin-app would put the wing in the storefront bundle.
    files: ['src/web/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/admin\\//]',
          message: 'Import the admin wing only with a lazy import().',
        },
      ],
    },
  },
  {
    // The headless table and the chart library belong to the admin wing only.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tanstack/react-table', 'recharts', 'recharts/*'],
              message: 'Only src/web/admin uses the table and chart libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
