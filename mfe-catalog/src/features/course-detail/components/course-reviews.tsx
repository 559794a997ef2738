import type { CourseReview, CourseReviews as Reviews } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import {
  Avatar,
  Button,
  EmptyState,
  ErrorState,
  formatLongDate,
  Loading,
  StarRating,
  theme,
} from '@liveedu/ui';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewReply } from './review-reply.tsx';

const List = styled.ol`
  list-style: none;
  margin: 1.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.25rem;
`;

const Item = styled.li`
  border-top: 1px solid ${theme.colors.border};
  padding-top: 1rem;
  header { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
  header div { display: grid; gap: 0.1rem; }
  time { color: ${theme.colors.muted}; font-size: 0.85rem; }
  > p { white-space: pre-line; word-break: break-word; margin: 0.5rem 0 0; }
`;

const Reply = styled.div`
  margin: 0.75rem 0 0 1.5rem;
  padding: 0.6rem 0.9rem;
  border-left: 3px solid ${theme.colors.primary};
  background: ${theme.colors.background};
  p { white-space: pre-line; word-break: break-word; margin: 0.25rem 0 0; }
`;

function ReviewItem({
  review,
  courseId,
  tutor,
  isTutor,
}: {
  review: CourseReview;
  courseId: string;
  tutor: string;
  isTutor: boolean;
}) {
  return (
    <Item>
      <header>
        <Avatar src={review.user.avatar} username={review.user.username} size={40} />
        <div>
          <strong>{review.user.username}</strong>
          <span>
            <StarRating value={review.rating} />{' '}
            <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
          </span>
        </div>
      </header>
      <p>{review.comment}</p>
      {review.reply ? (
        <Reply>
          <strong>Reply from {tutor}</strong>
          <p>{review.reply.text}</p>
        </Reply>
      ) : null}
      {isTutor ? (
        <ReviewReply
          courseId={courseId}
          reviewId={review._id}
          reviewer={review.user.username}
          current={review.reply?.text}
        />
      ) : null}
    </Item>
  );
}

/**
 * A course's ratings and reviews: the average and a bar per number of stars (a bar keeps the
 * reviews of that rating), the newest reviews with "Show more reviews", and the tutor's replies;
 * the course's own tutor replies to each from here.
 */
export function CourseReviews({
  courseId,
  average,
  tutor,
}: {
  courseId: string;
  average: number;
  tutor: { _id: string; username: string };
}) {
  const api = useApi();
  const { userId } = useSession();
  const [stars, setStars] = useState<number | undefined>();
  const reviews = usePagedQuery(['catalog', 'course-reviews', courseId, stars ?? 'all'], (page, signal) =>
    api.courseReviews(courseId, page, signal, stars).then((r) => ({ ...r, items: r.reviews })),
  );
  // While another rating's reviews load, the bars stay as they were.
  const known = useRef<Reviews['breakdown'] | undefined>(undefined);
  if (reviews.status === 'ready' && reviews.firstPage) known.current = reviews.firstPage.breakdown;
  const summary = known.current ? (
    <RatingSummary average={average} breakdown={known.current} stars={stars} onStars={setStars} />
  ) : null;
  if (reviews.status === 'loading') {
    return (
      <>
        {summary}
        <Loading label="Loading reviews…" />
      </>
    );
  }
  if (reviews.status === 'error') return <ErrorState message={reviews.error} onRetry={reviews.reload} />;
  const isTutor = Boolean(userId) && userId === tutor._id;
  return (
    <>
      {summary}
      {reviews.items.length === 0 ? (
        <EmptyState message={stars ? `No ${stars}-star reviews yet.` : 'No reviews yet.'} />
      ) : (
        <List aria-label={stars ? `${stars}-star reviews` : 'Reviews, newest first'}>
          {reviews.items.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              courseId={courseId}
              tutor={tutor.username}
              isTutor={isTutor}
            />
          ))}
        </List>
      )}
      {reviews.moreError ? <p role="alert">{reviews.moreError}</p> : null}
      {reviews.hasMore ? (
        <Button type="button" $variant="secondary" onClick={reviews.loadMore} disabled={reviews.loadingMore}>
          {reviews.loadingMore ? 'Loading…' : 'Show more reviews'}
        </Button>
      ) : null}
    </>
  );
}
