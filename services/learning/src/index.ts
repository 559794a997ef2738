export { learningService } from './app.ts';
export type { NoteDoc } from './notes/store.ts';
export type { PassDoc } from './passes/store.ts';
export type { AttemptDoc, QuizDoc } from './quizzes/store.ts';
