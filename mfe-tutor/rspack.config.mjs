import { createWebConfig } from '@liveedu/web-build';

export default (_env, argv) =>
  createWebConfig(
    {
      root: import.meta.dirname,
      name: 'tutor',
      title: 'LiveEdu tutor',
      exposes: { './app': './src/app/remote-app.tsx' },
    },
    argv,
  );
