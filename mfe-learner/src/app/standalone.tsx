import { startStandalone } from '@liveedu/ui/standalone';
import LearnerApp from './remote-app.tsx';
import { ROUTES } from './routes.ts';

void startStandalone({ name: 'learner', App: LearnerApp, routes: ROUTES });
