import { accessFiles } from './access.ts';
import { composeFile, composeRoutes } from './compose.ts';
import { k8sFiles } from './k8s.ts';

/** Every file `npm run generate` writes, by its path in the repository, with what it must hold. */
export function generatedFiles(): Record<string, string> {
  return {
    'docker-compose.yml': composeFile(),
    'infra/nginx/compose-routes.conf': composeRoutes(),
    ...accessFiles(),
    ...k8sFiles(),
  };
}
