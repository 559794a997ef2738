import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['packages/test-kit/src/global-setup.ts'],
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/.tools/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Node tests use the settings above; the front end's DOM tests have their own project.
    projects: [{ extends: true, test: { name: 'node' } }, './vitest.web.config.ts'],
  },
});
