import type { WatchReport } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Banner, Button, Loading, truncate } from '@liveedu/ui';
import { clockOf, HostedVideo, type VideoControl, type VideoMarker, VideoView } from '@liveedu/video';
import { type RefObject, Suspense, useEffect, useMemo } from 'react';
import type { PlayerItem } from '../api/items.ts';
import { playerKeys } from '../api/keys.ts';
import type { answersOf } from '../api/quiz.ts';
import { useInVideoQuiz } from '../hooks/use-in-video-quiz.ts';
import { useItemNotes } from '../hooks/use-item-notes.ts';
import { useItemQuiz } from '../hooks/use-item-quiz.ts';
import { useLearningApi } from '../hooks/use-learning-api.ts';
import { InVideoQuestion, QuizResults, QuizView } from './lazy-views.ts';

/**
 * A video lesson. A hosted video stops at each of its questions and asks it over the picture,
 * then sends the answers as one attempt; its timeline marks the questions and the learner's notes.
 * A video linked from elsewhere cannot be stopped, so its questions are asked under it.
 */
export function VideoLesson({
  courseId,
  item,
  startAt,
  onReport,
  control,
  onPassed,
  extraMarkers,
}: {
  courseId: string;
  item: PlayerItem;
  startAt: number;
  onReport: (report: WatchReport) => void;
  control: RefObject<VideoControl | null>;
  /** The learner passed the video's questions. */
  onPassed: () => void;
  /** More marks for the timeline: the questions learners asked about moments of the video. */
  extraMarkers?: readonly VideoMarker[];
}) {
  const api = useLearningApi();
  const itemId = item._id;
  const quiz = useItemQuiz(courseId, itemId);
  const notes = useItemNotes(courseId, itemId);
  const attempt = useApiMutation(
    (answers: ReturnType<typeof answersOf>) => api.attemptQuiz(courseId, itemId, answers),
    { invalidates: [playerKeys.quiz(courseId, itemId)] },
  );
  const inVideo = useInVideoQuiz(quiz.data, attempt.mutateAsync);
  const passed = inVideo.result?.passed === true;
  useEffect(() => {
    if (passed) onPassed();
  }, [passed, onPassed]);

  const noteList = notes.data?.notes;
  const markers = useMemo<VideoMarker[]>(() => {
    const noted = (noteList ?? []).flatMap((note) =>
      note.atSec === undefined
        ? []
        : [
            {
              atSec: note.atSec,
              kind: 'note' as const,
              label: `Note at ${clockOf(note.atSec)}: ${truncate(note.text, 60)}`,
              onSelect: () => control.current?.seek(note.atSec ?? 0),
            },
          ],
    );
    return [...inVideo.markers, ...noted, ...(extraMarkers ?? [])];
  }, [inVideo.markers, noteList, control, extraMarkers]);

  const data = quiz.data;
  if (!item.videoId) {
    return (
      <>
        <VideoView link={item.videoLink} title={item.videoTitle} />
        {data && data.questions.length > 0 ? (
          <Suspense fallback={<Loading label="Loading questions…" />}>
            <QuizView
              courseId={courseId}
              itemId={itemId}
              title="Questions on this video"
              headingId="video-questions-title"
              onPassed={onPassed}
            />
          </Suspense>
        ) : null}
      </>
    );
  }

  const asking = inVideo.asking;
  return (
    <>
      <VideoView
        link={item.videoLink}
        title={item.videoTitle}
        hosted={
          <HostedVideo
            videoId={item.videoId}
            title={item.videoTitle}
            startAt={startAt}
            onReport={onReport}
            control={control}
            onTime={inVideo.onTime}
            onEnded={inVideo.onEnded}
            hold={asking !== null}
            markers={markers}
            overlay={
              asking ? (
                <Suspense fallback={<Loading label="Loading question…" />}>
                  <InVideoQuestion
                    key={asking.question._id}
                    question={asking.question}
                    number={asking.number}
                    of={asking.of}
                    onAnswer={inVideo.answer}
                  />
                </Suspense>
              ) : null
            }
          />
        }
      />
      {inVideo.submitting ? <Loading label="Checking your answers…" /> : null}
      {inVideo.error ? (
        <Banner tone="error">
          {inVideo.error}{' '}
          {quiz.data?.mine.attemptsLeft !== 0 ? (
            <Button type="button" $variant="secondary" onClick={inVideo.resend}>
              Send my answers again
            </Button>
          ) : null}
        </Banner>
      ) : null}
      {inVideo.result && data ? (
        <Suspense fallback={<Loading label="Loading your result…" />}>
          <QuizResults
            title="Your answers to this video's questions"
            questions={data.questions}
            result={inVideo.result}
            passPercent={data.passPercent}
            onRetry={inVideo.retry}
          />
        </Suspense>
      ) : data && !inVideo.asks && data.questions.length > 0 ? (
        <p data-testid="video-questions-standing">
          {data.mine.passed
            ? `You passed this video's questions (best score ${data.mine.bestScorePercent ?? 0}%).`
            : "No attempts left at this video's questions."}
        </p>
      ) : null}
    </>
  );
}
