import type { CourseCard as CourseCardData } from '@liveedu/api-client';
import { usePrefetchCourse } from '@liveedu/query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { gridList, raisedPanel } from '../layout.ts';
import { formatPrice, isFreePrice, truncate } from '../text.ts';
import { theme } from '../theme.ts';
import { Button } from './button.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { StarRating } from './stars.tsx';

export const CourseGrid = styled.ul`
  ${gridList({ sm: 2, md: 3, lg: 4 }, '1.25rem')}
`;

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  ${raisedPanel}
  overflow: hidden;
  transition: transform 0.15s ease;
  &:hover { transform: translateY(-2px); }
  img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; background: #e5e7eb; }
`;

const Body = styled.div`
  padding: 0.8rem 0.9rem 1rem;
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  flex: 1;
  h3 { font-size: 1.05rem; margin: 0; }
  h3 a { color: inherit; text-decoration: none; }
  h3 a:hover { text-decoration: underline; }
  /* The title's link covers the whole card: a click anywhere on it is a plain link, which works
     before the page's scripts have started as after. */
  h3 a::after { content: ''; position: absolute; inset: 0; }
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: 0.9rem;
  text-transform: capitalize;
`;

const RatingRow = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 0.4rem;
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

const Price = styled.p`
  margin: 0.2rem 0 0;
  font-weight: 700;
  font-size: 1.1rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: auto;
  padding-top: 0.5rem;
  button, a { flex: 1 1 auto; }
  /* The card's own controls sit above its link. */
  position: relative;
  z-index: 1;
`;

export function courseAverage(course: Pick<CourseCardData, 'reviews' | 'ratingAverage'>): number {
  if (typeof course.ratingAverage === 'number') return course.ratingAverage;
  const reviews = course.reviews ?? [];
  if (reviews.length === 0) return 0;
  return reviews.reduce((sum, r) => sum + (Number(r.rating) || 0), 0) / reviews.length;
}

export function courseReviewCount(course: Pick<CourseCardData, 'reviews' | 'ratingCount'>): number {
  return typeof course.ratingCount === 'number' ? course.ratingCount : (course.reviews?.length ?? 0);
}

export interface CourseCardProps {
  course: CourseCardData;
  /** Show the stars, review count and average (the public card); the category page leaves them out. */
  showRating?: boolean;
  /** Buy course (Enroll for free on a free course). */
  onBuy?: (course: CourseCardData) => void;
  onAddFavourite?: (course: CourseCardData) => void;
  /** Extra controls in place of, or after, Buy course and Add to favourite. */
  actions?: ReactNode;
  /** In the first row of its grid: its picture is fetched at once, not when scrolled to. */
  priority?: boolean;
}

/** Cards in a grid's first row at its widest (four across): their pictures are the page's first. */
export const FIRST_ROW_OF_CARDS = 4;

/** A card's width in the grid: one, two, three or four across (`gridList` below). */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 300px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * The public course card: clicking it (its title's link, stretched over it) opens /viewCouse/{id}. Resting the pointer on it (or
 * focusing its link) starts reading the course's details, so the course page opens at once.
 */
export function CourseCard({
  course,
  showRating = true,
  onBuy,
  onAddFavourite,
  actions,
  priority = false,
}: CourseCardProps) {
  const prefetch = usePrefetchCourse();
  const warm = () => prefetch(course._id);
  const href = `/viewCouse/${course._id}`;
  const average = courseAverage(course);
  const count = courseReviewCount(course);
  return (
    <Card onPointerEnter={warm} onFocus={warm} data-testid="course-card">
      <ResponsiveImage
        src={course.thumbnail}
        alt={`Thumbnail of ${course.title}`}
        sizes={CARD_IMAGE_SIZES}
        priority={priority}
      />
      <Body>
        <h3 title={course.title}>
          <Link to={href}>{truncate(course.title, 20)}</Link>
        </h3>
        <Meta>{course.difficulity}</Meta>
        {showRating ? (
          <RatingRow>
            <StarRating value={average} />
            <span>({count})</span>
            <span>{average.toFixed(1)} out of 5</span>
          </RatingRow>
        ) : null}
        <Price>{formatPrice(course.price)}</Price>
        <Actions>
          {onBuy ? (
            <Button type="button" onClick={() => onBuy(course)}>
              {isFreePrice(course.price) ? 'Enroll for free' : 'Buy course'}
            </Button>
          ) : null}
          {onAddFavourite ? (
            <Button type="button" $variant="secondary" onClick={() => onAddFavourite(course)}>
              Add to favourite
            </Button>
          ) : null}
          {actions}
        </Actions>
      </Body>
    </Card>
  );
}
