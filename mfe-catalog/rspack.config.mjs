import { createWebConfig } from '@liveedu/web-build';

// Title, dev port and exposed modules: the 'catalog' entry of @liveedu/platform-registry.
export default (_env, argv) => createWebConfig({ root: import.meta.dirname, name: 'catalog' }, argv);
