import { lazyPage } from '@liveedu/ui';

/*
 * What only some items show, each its own chunk, fetched when first shown: a course of videos
 * never loads the Markdown renderer, the quiz or the assignment form.
 */

export const ArticleView = lazyPage(
  'ArticleView',
  () => import(/* webpackChunkName: "player-article" */ './article-view.tsx'),
);
export const QuizView = lazyPage(
  'QuizView',
  () => import(/* webpackChunkName: "player-quiz" */ './quiz-view.tsx'),
);
export const AssignmentView = lazyPage(
  'AssignmentView',
  () => import(/* webpackChunkName: "player-assignment" */ './assignment-view.tsx'),
);
export const NotesPanel = lazyPage(
  'NotesPanel',
  () => import(/* webpackChunkName: "player-notes" */ './notes-panel.tsx'),
);
export const InVideoQuestion = lazyPage(
  'InVideoQuestion',
  () => import(/* webpackChunkName: "player-in-video-question" */ './in-video-question.tsx'),
);
export const QuizResults = lazyPage(
  'QuizResults',
  () => import(/* webpackChunkName: "player-quiz-results" */ './quiz-results.tsx'),
);
export const CourseConversation = lazyPage(
  'CourseConversation',
  () => import(/* webpackChunkName: "player-conversation" */ './course-conversation.tsx'),
);
