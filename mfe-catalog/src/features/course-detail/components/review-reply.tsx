import { messageOf } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Banner, Button, theme, toast } from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

/** The longest reply the catalog takes, in characters. */
export const MAX_REPLY = 1_000;

const Form = styled.form`
  display: grid;
  gap: 0.5rem;
  margin-top: 0.5rem;
  textarea {
    min-height: 5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    resize: vertical;
  }
  small { color: ${theme.colors.muted}; }
  div { display: flex; gap: 0.5rem; flex-wrap: wrap; }
`;

/** The course's tutor replies to a review, or edits the reply: the reviews read again after it. */
export function ReviewReply({
  courseId,
  reviewId,
  reviewer,
  current,
}: {
  courseId: string;
  reviewId: string;
  reviewer: string;
  current?: string;
}) {
  const api = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState('');
  const save = useApiMutation((reply: string) => api.replyToReview(courseId, reviewId, reply), {
    invalidates: [['catalog', 'course-reviews', courseId]],
  });

  if (!open) {
    return (
      <Button
        type="button"
        $variant="ghost"
        onClick={() => {
          setText(current ?? '');
          setError('');
          setOpen(true);
        }}
      >
        {current ? 'Edit reply' : 'Reply'}
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Please write a reply');
      return;
    }
    try {
      await save.mutateAsync(text);
      toast.success('Reply saved');
      setOpen(false);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Form onSubmit={submit} aria-label={`Reply to ${reviewer}`}>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <label htmlFor={id}>Your reply to {reviewer}</label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_REPLY}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <small id={`${id}-count`}>
        {text.length} / {MAX_REPLY}
      </small>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save reply'}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => setOpen(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
