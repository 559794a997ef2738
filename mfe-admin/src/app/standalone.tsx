import { startStandalone } from '@liveedu/ui/standalone';
import AdminApp from './remote-app.tsx';
import { ROUTES } from './routes.ts';

void startStandalone({ name: 'admin', App: AdminApp, routes: ROUTES });
