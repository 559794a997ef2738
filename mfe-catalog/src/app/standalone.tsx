import { pageRoutesOf } from '@liveedu/platform-registry';
import { startStandalone } from '@liveedu/ui/standalone';
import CatalogApp from './remote-app.tsx';

// The spec's routes this remote owns, read here so the registry stays out of the exposed app.
void startStandalone({ name: 'catalog', App: CatalogApp, routes: pageRoutesOf('catalog') });
