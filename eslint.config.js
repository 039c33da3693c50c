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
 * or data-access module; components/ and lib/ import no feature, layout, app or entity; a feature does not
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
  ...['features', 'layout', 'app', 'entities'].map((from) => ({
    target: web('components'),
    from: web(from),
    message: 'Shared components are the non-domain pieces features and entities use; they import no feature or entity.',
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

const API_SRC = path.join(ROOT, 'apps/api/src');
const API_MODULES = path.join(API_SRC, 'modules');
const apiModules = subdirs(API_MODULES);
const entriesOf = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : []);
/**
 * The API's code outside the modules (app, deps, main, core, db with the demo seed, events, http, integrations, jobs,
 * realtime, and modules/api.router.ts).
 */
const apiOutsideModules = [
  ...entriesOf(API_SRC).filter((p) => path.basename(p) !== 'modules'),
  ...entriesOf(API_MODULES).filter((p) => p.endsWith('.ts')),
];
const THROUGH_INDEX = 'Another module is used only through its index.ts, its public surface (ARCHITECTURE.md): export what is needed there.';

/**
 * The API's walls (ARCHITECTURE.md, "The API"): code outside a module imports only its index.ts, and api.router.ts
 * also its <module>.router.ts (the routes it mounts). Cycles between modules are refused by import-x/no-cycle: with
 * every crossing going through an index, two modules that import each other make a cycle of files. Proof that both
 * fail: apps/api/src/modules/module-walls.test.ts.
 */
const apiZones = apiModules.flatMap((name) => {
  const from = path.join(API_MODULES, name);
  const others = [...apiModules.filter((other) => other !== name).map((other) => path.join(API_MODULES, other)), ...apiOutsideModules];
  return [
    { target: others.filter((p) => p !== path.join(API_MODULES, 'api.router.ts')), from, except: ['./index.ts'], message: THROUGH_INDEX },
    { target: path.join(API_MODULES, 'api.router.ts'), from, except: ['./index.ts', `./${name}.router.ts`], message: THROUGH_INDEX },
  ];
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/dist-ssr/**', '**/.data/**', '**/drizzle/**', '.test-reports/**', '**/test-results/**', '**/playwright-report/**'] },
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
    // Component test files share their worker's modules (apps/web/vitest.config.ts): one that replaces a module would
    // replace it for the files after it, so it is named *.isolated.test.tsx and runs on a module graph of its own.
    files: ['apps/web/src/**/*.test.tsx'],
    ignores: ['apps/web/src/**/*.isolated.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'A file that replaces a module with vi.mock is named *.isolated.test.tsx (apps/web/vitest.config.ts).',
        },
      ],
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
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'apps/api/tsconfig.json') })],
      // no-cycle follows the imports of the files it reaches: they are TypeScript, parsed as such.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      // An import the resolver cannot follow would slip through the walls below, so it fails the lint.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiZones }],
    },
  },
  {
    // db/ is left out: Drizzle's schema files name each other's tables (foreign keys), which is no module cycle.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/**'],
    // Packages (the contract included) never import the API: the search stays in its own files.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
