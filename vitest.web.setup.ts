import { apiServer, resetApi } from '@liveedu/web-test-kit';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

// Every request a page sends is answered by the test through msw; one nobody answers fails it.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  resetApi();
  localStorage.clear();
  // Paged lists remember how far they were read, per history entry.
  sessionStorage.clear();
});
afterAll(() => apiServer.close());
