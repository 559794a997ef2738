import { type LearnerQuiz, messageOf, type QuizAttemptResult, type QuizQuestion } from '@liveedu/api-client';
import type { VideoMarker } from '@liveedu/video';
import { clockOf } from '@liveedu/video';
import { useCallback, useMemo, useRef, useState } from 'react';
import { answersOf, type Choice, dueQuestion, inVideoQuestions } from '../api/quiz.ts';

export interface Asking {
  question: QuizQuestion;
  /** Its place among the video's questions, from 1. */
  number: number;
  of: number;
}

export interface InVideoQuiz {
  /** The question shown now; the video is held while there is one. */
  asking: Asking | null;
  /** Keeps the answer to the question shown and moves on: the next due question, or playing on. */
  answer(choice: Choice): void;
  /** What the player says of its clock. */
  onTime(seconds: number): void;
  onEnded(): void;
  /** The graded attempt, once every question was answered. */
  result: QuizAttemptResult | null;
  /** Why the answers could not be sent (no attempt left, say). */
  error: string | null;
  submitting: boolean;
  /** Sends the kept answers again after a failure. */
  resend(): void;
  /** Asks every question again, as the video reaches it (at once, those it has passed). */
  retry(): void;
  /** Whether the video asks its questions at all (not once they are passed or no attempt is left). */
  asks: boolean;
  markers: VideoMarker[];
}

/**
 * The questions a video asks as it plays: each once, when the video reaches or passes its second
 * (a seek past it included); the answers are kept and sent as one attempt after the last one or
 * when the video ends.
 */
export function useInVideoQuiz(
  quiz: LearnerQuiz | null | undefined,
  submit: (answers: ReturnType<typeof answersOf>) => Promise<QuizAttemptResult>,
): InVideoQuiz {
  const ordered = useMemo(() => inVideoQuestions(quiz?.questions ?? []), [quiz]);
  const asks = !!quiz && ordered.length > 0 && !quiz.mine.passed && quiz.mine.attemptsLeft !== 0;
  const [asking, setAsking] = useState<Asking | null>(null);
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const asked = useRef(new Set<string>());
  const choices = useRef<Record<string, Choice>>({});
  const clock = useRef({ seconds: 0, ended: false });
  // Whether a round of questions is going on (none after its answers were sent, until a retry).
  const open = useRef(true);
  const showing = useRef(false);

  const send = useCallback(async () => {
    setSubmitting(true);
    setError(null);
    try {
      setResult(await submit(answersOf(ordered, choices.current)));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  }, [ordered, submit]);

  /** Shows the next due question, or sends the answers once every one was asked. */
  const next = useCallback(() => {
    const question = dueQuestion(ordered, asked.current, clock.current);
    if (question) {
      asked.current.add(question._id);
      showing.current = true;
      setAsking({ question, number: ordered.indexOf(question) + 1, of: ordered.length });
      return;
    }
    showing.current = false;
    setAsking(null);
    if (asked.current.size === ordered.length) {
      open.current = false;
      void send();
    }
  }, [ordered, send]);

  const onTime = useCallback(
    (seconds: number) => {
      // The clock moves again after the end only when the video is played again.
      clock.current = { seconds, ended: false };
      if (asks && open.current && !showing.current) next();
    },
    [asks, next],
  );

  const onEnded = useCallback(() => {
    clock.current.ended = true;
    if (asks && open.current && !showing.current) next();
  }, [asks, next]);

  const answer = useCallback(
    (choice: Choice) => {
      if (!asking) return;
      choices.current = { ...choices.current, [asking.question._id]: choice };
      next();
    },
    [asking, next],
  );

  const retry = useCallback(() => {
    asked.current = new Set();
    choices.current = {};
    open.current = true;
    setResult(null);
    setError(null);
    next();
  }, [next]);

  const markers = useMemo<VideoMarker[]>(
    () =>
      ordered.map((q, i) => ({
        atSec: q.atSec ?? 0,
        kind: 'question',
        label: `Question ${i + 1} at ${clockOf(q.atSec ?? 0)}`,
      })),
    [ordered],
  );

  return {
    asking,
    answer,
    onTime,
    onEnded,
    result,
    error,
    submitting,
    resend: () => void send(),
    retry,
    asks,
    markers,
  };
}
