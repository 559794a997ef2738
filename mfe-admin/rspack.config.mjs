import { createWebConfig } from '@liveedu/web-build';

export default (_env, argv) =>
  createWebConfig(
    {
      root: import.meta.dirname,
      name: 'admin',
      title: 'LiveEdu admin',
      exposes: { './app': './src/app/remote-app.tsx' },
    },
    argv,
  );
