import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const FEATURES = path.join(WEB_SRC, 'features');
/** features/admin/<x> and features/client/<x> are features on their own (one per dashboard section). */
const FEATURE_GROUPS = ['admin', 'client'];

const subdirs = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/** Every feature folder, relative to features/: 'auth', 'messages', 'admin/tasks', 'client/billing', … */
const featureFolders = subdirs(FEATURES).flatMap((name) =>
  FEATURE_GROUPS.includes(name) ? subdirs(path.join(FEATURES, name)).map((sub) => `${name}/${sub}`) : [name],
);

const web = (p) => path.join(WEB_SRC, p);
const NO_CROSS_FEATURE =
  'Features do not import each other (ARCHITECTURE.md): move the shared domain piece to entities/, a non-domain one to components/ or lib/, a rule to the contract.';
const UI_IS_PRIMITIVES = 'components/ui holds design-system primitives only: no features, layout, app, domain components or data access.';

/**
 * The web app's rooms (ARCHITECTURE.md, "The web app"), checked on resolved paths so `@/` aliases and relative
 * imports are caught alike: a feature imports no other feature; entities/ (the domain both roles share, below the
 * features) import no feature, layout or app; components/ui imports no feature, layout, app, entity, domain component
 * or data-access module; components/ and lib/ import no feature, layout or app, and lib/ no entity; a feature does not
 * reach into the dashboard shell. Proof that a violation fails: apps/web/src/test/lint-zones.test.ts.
 */
const webZones = [
  ...featureFolders.map((folder) => ({
    target: path.join(FEATURES, folder),
    from: FEATURES,
    except: [`./${folder}`],
    message: NO_CROSS_FEATURE,
  })),
  ...[
    'features',
    'layout',
    'app',
    'entities',
    'lib/tsr.ts',
    'lib/auth.tsx',
    'lib/auth-errors.ts',
    'lib/realtime.ts',
    'lib/download.ts',
    'lib/storage.ts',
    'lib/server-errors.ts',
  ].map((from) => ({ target: web('components/ui'), from: web(from), message: UI_IS_PRIMITIVES })),
  { target: web('components/ui'), from: web('components'), except: ['./ui'], message: UI_IS_PRIMITIVES },
  ...['features', 'layout', 'app'].map((from) => ({
    target: web('entities'),
    from: web(from),
    message: 'Entities are the domain features compose; they import no feature, layout or app.',
  })),
  ...['features', 'layout', 'app'].map((from) => ({
    target: web('components'),
    from: web(from),
    message: 'Shared components serve features; they import none.',
  })),
  ...['features', 'layout', 'app', 'components', 'entities'].map((from) => ({
    target: web('lib'),
    from: web(from),
    message: 'lib/ is infrastructure without domain logic; it imports no feature, layout, app, component or entity.',
  })),
  ...['layout/dashboard-shell.tsx', 'layout/nav.ts', 'layout/public-layout.tsx'].map((from) => ({
    target: FEATURES,
    from: web(from),
    message: 'Features do not import the layout shell; the layout mounts features.',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/.data/**', '**/drizzle/**', '.test-reports/**', '**/test-results/**', '**/playwright-report/**'] },
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'apps/web/tsconfig.json') })],
    },
    rules: {
      // An import the resolver cannot follow would slip through the zones below, so it fails the lint.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones }],
    },
  },
  {
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@agency/contract',
              allowImportNames: ['LIMITS'],
              message: 'A primitive takes plain props; it needs no domain types, schemas or routes from the contract.',
            },
          ],
        },
      ],
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
