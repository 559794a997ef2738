import type { CourseDetails } from '@liveedu/api-client';
import { Avatar, StarRating, theme } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';

const Card = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 1rem 1.25rem;
  align-items: start;
  h3 { margin: 0 0 0.25rem; }
  ul { list-style: none; margin: 0.25rem 0 0.5rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; color: ${theme.colors.muted}; }
  p { white-space: pre-line; word-break: break-word; margin: 0; }
  @media (max-width: 480px) { grid-template-columns: 1fr; }
`;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The course's tutor: avatar, name (to their page), what their courses add up to, and their bio. */
export function InstructorCard({ instructor }: { instructor: CourseDetails['instructor'] }) {
  const page = `/viewUser/${encodeURIComponent(instructor.username)}`;
  return (
    <Card>
      <Avatar src={instructor.avatar} username={instructor.username} size={72} />
      <div>
        <h3>
          <Link to={page}>{instructor.username}</Link>
        </h3>
        <ul>
          <li>
            {instructor.ratingCount > 0 ? (
              <>
                <StarRating value={instructor.ratingAverage} /> {instructor.ratingAverage.toFixed(1)}{' '}
                instructor rating
              </>
            ) : (
              'No ratings yet'
            )}
          </li>
          <li>{count(instructor.students, 'student', 'students')}</li>
          <li>{count(instructor.courses, 'course', 'courses')}</li>
        </ul>
        {instructor.desc ? <p>{instructor.desc}</p> : null}
      </div>
    </Card>
  );
}
