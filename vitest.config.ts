import { defineConfig } from 'vitest/config';

// Two projects: `node` (services, gateway, packages; real servers started once by the test kit's
// global setup) and `web` (the front end's DOM tests, no servers). Browser tests of the whole
// platform live in tests/e2e and run as the `e2e` project after them.
export default defineConfig({
  test: {
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          globalSetup: ['packages/test-kit/src/global-setup.ts'],
          include: ['**/*.test.ts'],
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            '**/.data/**',
            '**/.tools/**',
            'tests/e2e/**',
            // The front end's packages run in the `web` project, with a DOM.
            'packages/{ui,session,api-client,query,upload,remote-loader,web-test-kit}/**',
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      './vitest.web.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
