import type { ServiceDefinition } from '@liveedu/service-kit';
import { assignmentEditingRoutes, gradingRoutes, handInRoutes } from './assignments/routes.ts';
import { ASSIGNMENTS, SUBMISSIONS, SUBMISSIONS_BUCKET } from './assignments/store.ts';
import { learningConfig, learningSettings } from './config.ts';
import { onUserDeleted } from './deleted-users/handlers.ts';
import { catalogItems } from './items/catalog.ts';
import { noteReadingRoutes, noteWritingRoutes } from './notes/routes.ts';
import { NOTES } from './notes/store.ts';
import { PASSES } from './passes/store.ts';
import { onQuizAttempted } from './quiz-figures/handlers.ts';
import quizFigureRoutes from './quiz-figures/routes.ts';
import { QUIZ_FIGURES } from './quiz-figures/store.ts';
import { quizAnsweringRoutes, quizEditingRoutes } from './quizzes/routes.ts';
import { ATTEMPTS, QUIZZES } from './quizzes/store.ts';

export const learningService: ServiceDefinition = {
  name: 'learning',
  openapi: {
    title: 'LiveEdu learning',
    description: 'What a student does beyond watching: quizzes, in-video questions, assignments and notes.',
  },
  settings: learningSettings,
  indexes: [QUIZZES, ATTEMPTS, PASSES, QUIZ_FIGURES, NOTES, ASSIGNMENTS, SUBMISSIONS],
  outboxCollections: [
    QUIZZES.collection,
    ATTEMPTS.collection,
    PASSES.collection,
    ASSIGNMENTS.collection,
    SUBMISSIONS.collection,
  ],
  buckets: [{ name: SUBMISSIONS_BUCKET, access: 'private' }],
  handlers: [onQuizAttempted, onUserDeleted],
  decorate(app) {
    const config = learningConfig(learningSettings.of(app));
    app.decorate('catalogItems', catalogItems(config.catalogUrl, app.config.internalSecret));
  },
  routes: [
    quizEditingRoutes,
    quizAnsweringRoutes,
    quizFigureRoutes,
    assignmentEditingRoutes,
    handInRoutes,
    gradingRoutes,
    noteWritingRoutes,
    noteReadingRoutes,
  ],
};
