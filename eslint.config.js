// Lint for the whole repository: typescript-eslint's recommended rules (type-aware for the
// unsafe-any family would be slower than CI allows; tsc --noEmit runs beside it) and React's hooks
// rules for the web. `npm run lint` must end with 0 errors.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
