import { startStandalone } from '@liveedu/ui/standalone';
import { ROUTES } from './pages.ts';
import TutorApp from './remote-app.tsx';

void startStandalone({ name: 'tutor', App: TutorApp, routes: ROUTES });
