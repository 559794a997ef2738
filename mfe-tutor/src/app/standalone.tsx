import { startStandalone } from '@liveedu/ui/standalone';
import TutorApp from './remote-app.tsx';
import { ROUTES } from './routes.ts';

void startStandalone({ name: 'tutor', App: TutorApp, routes: ROUTES });
