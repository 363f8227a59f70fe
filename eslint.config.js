// Lint for the whole repository: typescript-eslint's recommended rules (type-aware for the
// unsafe-any family would be slower than CI allows; tsc --noEmit runs beside it), React's hooks
// rules for the web, and the layout of the code (docs/architecture-layout.md): no import cycles,
// the layers' arrows, features through their public module. `npm run lint` must end with 0 errors.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const TESTS = ['test/**', '**/*.test.{ts,tsx}'];

/** Each layer and what it must never import (every file, tests included). */
const LAYERS = [
  { target: './shared', from: ['./functions', './infra', './web', './scripts'], message: 'shared/ is the domain: it imports nothing from functions/, infra/, web/ or scripts/.' },
  { target: './functions', from: ['./infra', './web', './scripts'], message: 'functions/ (the Lambda code) never imports infra/, web/ or scripts/.' },
  { target: './web', from: ['./functions', './infra', './scripts'], message: 'The web reaches the API through shared/api, never functions/ or infra/.' },
  { target: './infra', from: ['./web', './scripts'], message: 'infra/ never imports web/ or scripts/.' },
];

/** Product code never imports a test helper: those live under test/. */
const NO_TEST_HELPERS = ['./shared', './functions', './web', './infra'].map((target) => ({
  target,
  from: './test',
  message: 'Product code never imports from test/.',
}));

/** Every file outside `dir` (a folder under the root), as globs. */
function outside(dir) {
  const parts = dir.split('/');
  const globs = [];
  for (let i = 0; i < parts.length; i++) {
    const base = [root, ...parts.slice(0, i)].join('/');
    globs.push(`${base}/!(${parts[i]}|node_modules)/**`, `${base}/*.{ts,tsx,js}`);
  }
  return globs;
}

/** Features whose other files are their own business: the rest of the code imports their index.ts. */
const PUBLIC_MODULES = ['functions/lib/files', 'functions/lib/export', 'functions/lib/imports', 'shared/merge'].map((dir) => ({
  target: outside(dir),
  from: `./${dir}`,
  except: ['./index.ts'],
  message: `Import ${dir}/ through its public module, ${dir}/index.ts.`,
}));

/** The web's shell (routes/) sits on top and alone loads the pages; nothing below imports either back. */
const WEB_SHELL = [
  { target: `${root}/web/src/!(routes)/**`, from: './web/src/routes', message: 'Only the app shell (web/src/App.tsx, main.tsx) imports web/src/routes/; move what a page needs from it down (auth/, components/, layout/).' },
  { target: `${root}/web/src/!(pages|routes)/**`, from: './web/src/pages', message: 'Only web/src/routes/ loads pages; a piece other folders need moves down to components/ or layout/.' },
];

/**
 * The web's foundation, lowest first: each folder imports only the ones before it, so none of
 * them forms a cycle with another. Data, layout and pages sit above all five.
 */
const WEB_FOUNDATION = ['config', 'api', 'feedback', 'components', 'auth'];
const WEB_ABOVE_FOUNDATION = ['data', 'forms', 'layout', 'inactivity'];
const WEB_LAYERS = WEB_FOUNDATION.map((dir, i) => ({
  target: `./web/src/${dir}`,
  from: [...WEB_FOUNDATION.slice(i + 1), ...WEB_ABOVE_FOUNDATION.filter((above) => dir !== 'auth' || above !== 'data')].map((above) => `./web/src/${above}`),
  message: `web/src/${dir}/ imports only the folders below it (${WEB_FOUNDATION.slice(0, i).join(', ') || 'none'}${dir === 'auth' ? ', and data/ for the signed-in user' : ''}).`,
}));

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports have no runtime effect and are not counted.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths(LAYERS),
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...LAYERS, ...NO_TEST_HELPERS, ...PUBLIC_MODULES, ...WEB_SHELL, ...WEB_LAYERS]) },
  },
  {
    rules: {
      // Unused names starting with _ are deliberate (destructuring a field away).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Tests read untyped JSON answers; test/support/contract.ts holds every answer to its schema.
    files: ['test/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The scripted API client of the seed, the tests and the bench reads the API's JSON untyped, as
    // the tests do; the local synth reads CloudFormation's JSON, which has no types to state.
    files: ['infra/local/api-flow.ts', 'infra/synth-local.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Workbooks are made only by functions/lib/export/xlsx-writer.ts, which escapes formula-like text in every cell.
    files: ['functions/**/*.ts'],
    ignores: ['functions/lib/export/xlsx-writer.ts', 'functions/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'exceljs', allowTypeImports: true, message: 'Write workbooks with functions/lib/export/xlsx-writer.ts, which escapes formula-like text in every cell.' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web calls the API only through web/src/api (useApi, callApi), with the endpoint objects of
    // shared/api: a path written by hand would not fail the typecheck when its route is renamed.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: 'Call the API with useApi or callApi (web/src/api/endpoints.ts) and its endpoint from shared/api, not a path written by hand.' },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: 'Call the API with useApi or callApi (web/src/api/endpoints.ts) and its endpoint from shared/api, not a path written by hand.' },
      ],
    },
  },
);
