import { badRequest, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { AllowedItem } from '../items/access.ts';
import { saveRequiring } from '../items/requirement.ts';
import { prepareQuestions, type QuestionInput } from './domain.ts';
import { QUIZZES, type QuizDoc, quizId } from './store.ts';

export interface QuizInput {
  passPercent: number;
  maxAttempts: number | null;
  required: boolean;
  questions: QuestionInput[];
}

/** Saves an item's quiz as its tutor wrote it (ids kept, new ones given), refusing what breaks its rules. */
export function saveQuiz(db: Db, outbox: Outbox, item: AllowedItem, input: QuizInput, requestId: string) {
  const on = item.kind === 'video' ? 'video' : 'quiz';
  return saveRequiring(
    db,
    outbox,
    QUIZZES,
    { _id: quizId(item.courseId, item.itemId), requestId },
    (before, version): QuizDoc => {
      const questions = prepareQuestions(input.questions, before?.questions ?? [], on === 'video', () =>
        new ObjectId().toHexString(),
      );
      if (!questions.ok) throw badRequest(questions.message);
      return {
        _id: quizId(item.courseId, item.itemId),
        courseId: item.courseId,
        itemId: item.itemId,
        tutorId: item.tutorId,
        on,
        passPercent: input.passPercent,
        maxAttempts: input.maxAttempts,
        required: input.required,
        questions: questions.value,
        version,
        updatedAt: new Date(),
      };
    },
  );
}
