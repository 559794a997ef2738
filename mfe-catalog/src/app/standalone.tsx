import { startStandalone } from '@liveedu/ui/standalone';
import { ROUTES } from './pages.ts';
import CatalogApp from './remote-app.tsx';

void startStandalone({ name: 'catalog', App: CatalogApp, routes: ROUTES });
