import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/drizzle/**', '.test-reports/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The domain core runs outside a request (jobs, webhooks): only routers and http/ know Express.
    files: ['apps/api/src/{core,events,jobs,integrations,realtime}/**/*.ts', 'apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'Only routers and http/ know Express; services take (deps, actor, input).' }],
          patterns: [{ group: ['**/http/*'], message: 'Only routers use http/; services take (deps, actor, input).' }],
        },
      ],
    },
  },
);
