import { answer, courseCard, json, renderRoutes, requestedPaths } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseCard } from './course-card.tsx';

const course = courseCard({ _id: 'c1', title: 'Statistics with Python' });

describe('CourseCard', () => {
  it("starts reading the course's details when the pointer rests on it, once while they are fresh", async () => {
    answer(() => json({ ...course, courseContent: [] }));
    renderRoutes([{ path: '/', element: <CourseCard course={course} /> }], '/');
    const card = screen.getByTestId('course-card');
    expect(requestedPaths()).toEqual([]);
    fireEvent.pointerEnter(card);
    await waitFor(() => expect(requestedPaths()).toEqual(['/api/v1/get-course-details/c1']));
    fireEvent.pointerEnter(card);
    fireEvent.focus(card);
    await new Promise((r) => setTimeout(r, 50));
    expect(requestedPaths()).toEqual(['/api/v1/get-course-details/c1']);
  });

  it("fetches a first-row card's picture at once and leaves the others for when they are scrolled to", () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <CourseCard course={course} priority />
              <CourseCard course={{ ...course, _id: 'c2', title: 'Later course' }} />
            </>
          ),
        },
      ],
      '/',
    );
    const first = screen.getByAltText('Thumbnail of Statistics with Python');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(screen.getByAltText('Thumbnail of Later course').getAttribute('loading')).toBe('lazy');
  });
});
