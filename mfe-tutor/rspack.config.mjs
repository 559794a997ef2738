import { createWebConfig } from '@liveedu/web-build';

// Title, dev port and exposed modules: the 'tutor' entry of @liveedu/platform-registry.
export default (_env, argv) => createWebConfig({ root: import.meta.dirname, name: 'tutor' }, argv);
