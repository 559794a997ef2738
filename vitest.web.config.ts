import { defineConfig } from 'vitest/config';

// Component tests of the front end (shells/, mfe-*/, packages/ui, packages/session): a DOM, no servers.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: [
      'shells/**/*.test.tsx',
      'mfe-*/**/*.test.tsx',
      'packages/{ui,session,api-client,query,upload,remote-loader,web-test-kit,markdown,markdown-html}/**/*.test.{ts,tsx}',
      'packages/video/**/*.test.tsx',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    setupFiles: ['./vitest.web.setup.ts'],
    testTimeout: 20_000,
  },
});
