import type { Question } from '@liveedu/api-client';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import { Banner, Button, Field, theme } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import {
  momentOf,
  postingError,
  SIMILAR_AFTER_MS,
  SIMILAR_FROM,
  TITLE_LIMIT,
  TITLE_MIN,
} from '../api/conversation.ts';
import { playerKeys } from '../api/keys.ts';
import { useCommunityApi } from '../hooks/use-community-api.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { PostBodyField } from './post-body-field.tsx';

const Form = styled.form`
  display: grid;
  gap: 0.25rem;
  h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
  .pinned { display: flex; align-items: center; gap: 0.5rem; margin: 0 0 0.75rem; color: ${theme.colors.muted}; }
  .pinned button { min-height: 32px; padding: 0.2rem 0.5rem; }
  .similar { margin: -0.5rem 0 1rem; padding: 0.75rem; border-radius: 8px; background: ${theme.colors.background}; }
  .similar h4 { margin: 0 0 0.4rem; font-size: 0.95rem; }
  .similar ul { margin: 0; padding-left: 1.1rem; }
  .similar button {
    border: 0; padding: 0.15rem 0; background: none; color: ${theme.colors.primary};
    text-align: left; cursor: pointer; text-decoration: underline;
  }
  .actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
`;

/** How many similar questions are offered while the title is typed. */
const SIMILAR_SHOWN = 5;

/**
 * A new question about the lesson, pinned to the second the learner stopped the video at (which
 * they may remove). While the title is typed, questions of the course with the same words are
 * offered first, so an answer already given is found before asking again.
 */
export function AskQuestionForm({
  courseId,
  itemId,
  atSec,
  onPosted,
  onOpen,
  onCancel,
}: {
  courseId: string;
  itemId: string | null;
  /** The second the question is pinned to, if any. */
  atSec: number | null;
  onPosted: (question: Question) => void;
  /** Opens a similar question's thread. */
  onOpen: (questionId: string) => void;
  onCancel: () => void;
}) {
  const api = useCommunityApi();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [pinned, setPinned] = useState(atSec);
  const [error, setError] = useState<string | null>(null);
  const words = useDebounced(title.trim().slice(0, TITLE_LIMIT), SIMILAR_AFTER_MS);
  const looking = words.length >= SIMILAR_FROM;
  const similar = useApiQuery(
    playerKeys.similarQuestions(courseId, words),
    (signal) => api.questions(courseId, { q: words }, signal),
    { enabled: looking },
  );
  const ask = useApiMutation(
    () =>
      api.askQuestion(courseId, {
        title: title.trim(),
        body: body.trim(),
        ...(itemId ? { itemId } : {}),
        ...(itemId && pinned !== null ? { atSec: pinned } : {}),
      }),
    { invalidates: [playerKeys.questions(courseId)] },
  );
  const ready = title.trim().length >= TITLE_MIN && body.trim().length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    try {
      onPosted(await ask.mutateAsync());
    } catch (e) {
      setError(postingError(e));
    }
  };

  const found = looking && similar.status === 'ready' ? similar.data.questions.slice(0, SIMILAR_SHOWN) : [];
  return (
    <Form onSubmit={submit} aria-labelledby="ask-heading">
      <h3 id="ask-heading">Ask a question</h3>
      {pinned !== null ? (
        <p className="pinned">
          <span>at {momentOf(pinned)}</span>
          <Button
            type="button"
            $variant="ghost"
            aria-label={`Remove the moment ${momentOf(pinned)}`}
            onClick={() => setPinned(null)}
          >
            ×
          </Button>
        </p>
      ) : null}
      <Field>
        <label htmlFor="ask-title">Title</label>
        <input
          id="ask-title"
          value={title}
          minLength={TITLE_MIN}
          maxLength={TITLE_LIMIT}
          autoComplete="off"
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      {found.length > 0 ? (
        <section className="similar" aria-labelledby="similar-heading">
          <h4 id="similar-heading">Similar questions</h4>
          <ul>
            {found.map((q) => (
              <li key={q._id}>
                <button type="button" onClick={() => onOpen(q._id)}>
                  {q.title}
                </button>{' '}
                ({q.answerCount} {q.answerCount === 1 ? 'answer' : 'answers'})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PostBodyField id="ask-body" label="Your question (Markdown)" value={body} onChange={setBody} />
      {error ? <Banner tone="error">{error}</Banner> : null}
      <div className="actions">
        <Button type="submit" disabled={ask.isPending || !ready}>
          {ask.isPending ? 'Posting…' : 'Post question'}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
