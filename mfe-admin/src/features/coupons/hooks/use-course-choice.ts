import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import type { CourseOption, CourseSearch } from '@liveedu/ui';
import { useEffect, useState } from 'react';

/** How long typing pauses before the catalog is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The courses a coupon of the admin's may be for: the catalog's first page, or what a search of
 * it finds once typing pauses.
 */
export function useCourseChoice(): { courses: CourseOption[]; search: CourseSearch } {
  const api = useApi();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useApiQuery(['admin', 'coupon-courses', query], (signal) =>
    (query ? api.search(query, signal) : api.allCourses(signal)).then((r) => ({
      courses: r.courses.map(({ _id, title }) => ({ _id, title })),
      total: r.total,
    })),
  );
  let status: string;
  if (found.status === 'loading') status = 'Searching…';
  else if (found.status === 'error') status = found.error;
  else if (!query) status = `Search to choose from all ${found.data.total} courses`;
  else if (found.data.courses.length === 0) status = 'No course found';
  else status = `${found.data.courses.length} of ${found.data.total} found`;
  return {
    courses: found.status === 'ready' ? found.data.courses : [],
    search: { text, onChange: setText, status },
  };
}
