import { registerSharedRateLimit, type ServiceDefinition } from '@liveedu/service-kit';
import { announcementRoutes } from './announcements/routes.ts';
import { ANNOUNCEMENT_TIMES, ANNOUNCEMENTS } from './announcements/store.ts';
import { answerRoutes } from './answers/routes.ts';
import { onUserDeleted, onUserUpdated } from './authors/handlers.ts';
import { communityConfig, communitySettings } from './config.ts';
import { catalogMembers } from './members/catalog.ts';
import { ANSWERS, QUESTIONS } from './posts/store.ts';
import { QuestionLists } from './question-list/model.ts';
import { REVISIONS, TUTOR_COURSES } from './question-list/store.ts';
import {
  questionAskingRoutes,
  questionEditingRoutes,
  questionFollowingRoutes,
  questionReadingRoutes,
} from './questions/routes.ts';
import { moderationRoutes, reportRoutes } from './reports/routes.ts';
import { REPORT_MARKS, REPORTS } from './reports/store.ts';
import tutorInboxRoutes from './tutor-inbox/routes.ts';
import { voteRoutes } from './votes/routes.ts';
import { FOLLOWS, VOTES } from './votes/store.ts';

export const communityService: ServiceDefinition = {
  name: 'community',
  openapi: {
    title: 'LiveEdu community',
    description:
      'Lesson questions and answers pinned to the second of a video, reports, and course announcements.',
  },
  settings: communitySettings,
  indexes: [
    QUESTIONS,
    ANSWERS,
    VOTES,
    FOLLOWS,
    REVISIONS,
    TUTOR_COURSES,
    REPORTS,
    REPORT_MARKS,
    ANNOUNCEMENTS,
    ANNOUNCEMENT_TIMES,
  ],
  outboxCollections: [QUESTIONS.collection, ANSWERS.collection, ANNOUNCEMENTS.collection],
  handlers: [onUserUpdated, onUserDeleted],
  decorate(app) {
    const config = communityConfig(communitySettings.of(app));
    app.decorate('catalogMembers', catalogMembers(config.catalogUrl, app.config.internalSecret));
    app.decorate('questionLists', new QuestionLists(app.db));
  },
  async plugins(app) {
    await registerSharedRateLimit(app, 'community');
  },
  routes: [
    questionReadingRoutes,
    questionAskingRoutes,
    questionEditingRoutes,
    questionFollowingRoutes,
    answerRoutes,
    voteRoutes,
    tutorInboxRoutes,
    reportRoutes,
    moderationRoutes,
    announcementRoutes,
  ],
};
