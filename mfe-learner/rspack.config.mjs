import { createWebConfig } from '@liveedu/web-build';

export default (_env, argv) =>
  createWebConfig(
    {
      root: import.meta.dirname,
      name: 'learner',
      title: 'LiveEdu learner',
      exposes: { './app': './src/app/remote-app.tsx' },
    },
    argv,
  );
