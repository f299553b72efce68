import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One-way imports (docs/architecture.md): shared ← server, shared ← web; storefront never imports admin. */
const boundaries = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is pure domain code: no server or web imports.' },
  { target: './src/server', from: './src/web', message: 'The server never imports browser code.' },
  { target: './src/web', from: './src/server', message: 'The browser never imports server code; share it through src/shared.' },
  {
    target: ['./src/web/!(admin)/**/*', './src/web/*'],
    from: './src/web/admin',
    message: 'A storefront feature never imports an admin feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/', 'bench-results/', 'lighthouse-results/'] },
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
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
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
