import { defineConfig } from 'vitest/config';

// One run, four projects. `npm test` runs them all and prints the one closing line CI reads
// (see test/summary-reporter.ts).
export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/local/**/*.test.ts', 'test/fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/support/local-stack-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/support/local-stack-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
