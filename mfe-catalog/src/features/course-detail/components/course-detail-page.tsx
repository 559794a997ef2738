import type { CourseDetails } from '@liveedu/api-client';
import { courseDetailsKey, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  ErrorState,
  flatPanel,
  formatPrice,
  LiveClassBadge,
  Loading,
  media,
  Page,
  ResponsiveImage,
  StarRating,
  theme,
  truncate,
} from '@liveedu/ui';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { CourseReviews } from './course-reviews.tsx';
import { Curriculum } from './curriculum.tsx';
import { InstructorCard } from './instructor-card.tsx';
import { PurchasePanel } from './purchase-panel.tsx';

const Top = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: 1.2fr 1fr; }
  img { width: 100%; border-radius: ${theme.radius}; aspect-ratio: 16 / 9; object-fit: cover; background: #e5e7eb; }
  h1 { margin: 0 0 0.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.3rem 1rem; margin: 1rem 0; }
  dt { color: ${theme.colors.muted}; }
  dd { margin: 0; font-weight: 600; text-transform: capitalize; }
`;

const Box = styled.section`
  margin-top: 2rem;
  ${flatPanel}
  padding: 1.25rem;
  h2 { margin-top: 0; }
  p { white-space: pre-line; }
`;

const Rated = styled.p`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  strong { color: ${theme.colors.ink}; }
`;

function Detail({ course }: { course: CourseDetails }) {
  return (
    <Page>
      <Top>
        <ResponsiveImage
          src={course.thumbnail}
          alt={`Thumbnail of ${course.title}`}
          sizes="(min-width: 1200px) 650px, (min-width: 768px) 55vw, 100vw"
          priority
        />
        <div>
          <h1>{course.title}</h1>
          <LiveClassBadge courseId={course._id} />
          <p>{truncate(course.desc, 200)}</p>
          <Rated>
            <strong>{course.ratingAverage.toFixed(1)}</strong>
            <StarRating value={course.ratingAverage} />
            <a href="#reviews-heading">
              ({course.ratingCount} {course.ratingCount === 1 ? 'rating' : 'ratings'})
            </a>
          </Rated>
          <dl>
            <dt>Students enrolled</dt>
            <dd>{course.enrolledCount ?? course.studentsEnrolled?.length ?? 0}</dd>
            <dt>Reviews</dt>
            <dd>{course.ratingCount ?? course.reviews?.length ?? 0}</dd>
            <dt>Course By</dt>
            <dd style={{ textTransform: 'none' }}>
              <Link to={`/viewUser/${encodeURIComponent(course.courseCreatedBy?.username ?? '')}`}>
                {course.courseCreatedBy?.username}
              </Link>
            </dd>
            <dt>Price</dt>
            <dd>{formatPrice(course.price)}</dd>
            <dt>Difficulity</dt>
            <dd>{course.difficulity}</dd>
          </dl>
          <PurchasePanel course={course} />
        </div>
      </Top>
      <Box aria-labelledby="content-heading">
        <h2 id="content-heading">Course content</h2>
        {course.courseContent?.length ? (
          <Curriculum content={course.courseContent} />
        ) : (
          <p>No content yet.</p>
        )}
      </Box>
      <Box aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Benefits</h2>
        <p>{course.benefits}</p>
      </Box>
      <Box aria-labelledby="prereq-heading">
        <h2 id="prereq-heading">Prerequisites</h2>
        <p>{course.prerequistes}</p>
      </Box>
      <Box aria-labelledby="instructor-heading">
        <h2 id="instructor-heading">Instructor</h2>
        <InstructorCard instructor={course.instructor} />
      </Box>
      <Box aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Student reviews</h2>
        <CourseReviews courseId={course._id} average={course.ratingAverage} tutor={course.courseCreatedBy} />
      </Box>
    </Page>
  );
}

export function CourseDetailPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const course = useApiQuery(courseDetailsKey(id), (signal) => api.courseDetails(id, signal));
  if (course.status === 'loading') return <Loading label="Loading course…" />;
  if (course.status === 'error')
    return (
      <Page>
        <ErrorState message={course.error} onRetry={course.reload} />
      </Page>
    );
  return <Detail course={course.data} />;
}
