// The linter of the whole tree (`npm run lint`, part of `npm test`): type-aware rules that catch promises nobody awaits
// or checks, promises handed to places that expect a plain function, switches that forget a case of a union, import
// circles, and imports against the layout (lib/ never reads a feature; a web feature never reads the area registry).
// Paths are from the repository's root, where `npm run lint` runs.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const projects = [
  'packages/shared/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
  'scripts/tsconfig.json',
].map((p) => resolve(root, p));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'tools/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: root },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The layout, for the product's code; tests may reach across it (a sweep of every route imports what it drives).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', 'e2e/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/lib',
              from: './apps/server/src/features',
              message: 'lib/ holds what every feature uses; it never imports a feature (pass what it needs in instead).',
            },
            {
              target: './apps/web/src/features',
              from: ['./apps/web/src/areas/area-registry.ts', './apps/web/src/areas/router.tsx'],
              message: 'Features declare their areas; only the app root reads the registry (use areas/areas-context or areas/area-types).',
            },
            {
              target: './packages/shared/src',
              from: ['./apps', './e2e', './scripts'],
              message: 'The shared package stands alone: the server and the web app import it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // A spec's `test` starts its group's server (e2e/tests/fixtures.ts): Playwright's own would leave it unstarted.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', message: "Import from './fixtures', whose test starts the group's server." }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A plain box (div or span) may not carry a name: screen readers ignore it and axe calls it a serious violation.
      // A named box says what it is: a status while it loads, a group, a list through `component`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name=/^(div|span|Box|Stack|Group|Paper|Center|SimpleGrid|Flex|Loader)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name=/^(role|component)$/]))",
          message: 'A named box needs a role (role="status" while loading, role="group", or a list through component).',
        },
      ],
    },
  },
);
