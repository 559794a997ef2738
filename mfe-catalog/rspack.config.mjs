import { createServerConfig, createWebConfig } from '@liveedu/web-build';

// Title, dev port and exposed modules: the 'catalog' entry of @liveedu/platform-registry. A
// production build also writes the server build the host renders public pages with (ADR 13).
export default (_env, argv) => {
  const options = { root: import.meta.dirname, name: 'catalog' };
  const browser = createWebConfig(options, argv);
  return argv.mode === 'production' ? [browser, createServerConfig(options, argv)] : browser;
};
