import { usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Button,
  flatPanel,
  gridList,
  Loading,
  Page,
  ResponsiveImage,
  theme,
  toast,
  truncate,
} from '@liveedu/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ListControls, useListBrowse } from '../../../shared/components/list-controls.tsx';
import { Section } from '../../../shared/components/page.tsx';
import { PagedCourseList } from '../../../shared/components/paged-course-list.tsx';

const SearchForm = styled.form`
  display: flex;
  gap: 0.5rem;
  margin: 1rem 0 1.5rem;
  input {
    flex: 1;
    padding: 0.65rem 0.9rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

const Tutors = styled.ul`
  ${gridList({ sm: 2, lg: 4 })}
  a {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    padding: 0.9rem;
    ${flatPanel}
    color: ${theme.colors.ink};
    text-decoration: none;
  }
  img { width: 56px; height: 56px; border-radius: 50%; object-fit: cover; flex: none; }
  p { margin: 0; color: ${theme.colors.muted}; font-size: 0.9rem; }
`;

/** The search asked last; its results are read a page at a time like any list, in its own order. */
function useCourseSearch(query: string | null) {
  const api = useApi();
  const list = useListBrowse(true);
  const results = usePagedQuery(
    ['catalog', 'search', query, list.key],
    (page, signal) =>
      api.search(query ?? '', signal, page, list.browse).then((r) => ({ ...r, items: r.courses ?? [] })),
    { enabled: query !== null },
  );
  return { ...results, list };
}

export function CoursesPage() {
  const api = useApi();
  const list = useListBrowse();
  const all = usePagedQuery(['catalog', 'courses', list.key], (page, signal) =>
    api.allCourses(signal, page, list.browse).then((r) => ({ ...r, items: r.courses ?? [] })),
  );
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const search = useCourseSearch(searched);
  const failed = searched !== null && search.status === 'error' ? search.error : null;

  // A search that fails says why and leaves the page as it was before it.
  useEffect(() => {
    if (failed === null) return;
    toast.error(failed);
    setSearched(null);
  }, [failed]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      toast.error('Nothing to search');
      return;
    }
    setSearched(q);
  };

  const clear = () => {
    setQuery('');
    setSearched(null);
  };

  const searching = searched !== null && search.status === 'loading';
  const tutors = search.firstPage?.tutor ?? [];
  return (
    <Page>
      <SearchForm role="search" onSubmit={onSearch}>
        <label htmlFor="course-search" className="visually-hidden">
          Search courses
        </label>
        <input
          id="course-search"
          type="search"
          placeholder="Search courses"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" disabled={searching}>
          Search
        </Button>
      </SearchForm>

      {searching ? <Loading label="Searching…" /> : null}
      {searched !== null && search.status === 'ready' ? (
        <Section aria-label={`Search results for ${searched}`}>
          <Button type="button" $variant="secondary" onClick={clear}>
            Clear search results
          </Button>
          <h2 style={{ marginTop: '1.5rem' }}>Courses</h2>
          <ListControls list={search.list} facets={search.firstPage?.facets} />
          {search.items.length === 0 ? (
            <p>No data to show.</p>
          ) : (
            <PagedCourseList list={search} emptyText="No data to show." />
          )}
          <h2 style={{ marginTop: '2rem' }}>Tutors Profiles</h2>
          {tutors.length === 0 ? (
            <p>No data to show.</p>
          ) : (
            <Tutors>
              {tutors.map((t) => (
                <li key={t._id}>
                  <Link to={`/viewUser/${encodeURIComponent(t.username)}`}>
                    <ResponsiveImage src={t.avatar} alt={`Avatar of ${t.username}`} sizes="56px" />
                    <span>
                      <strong>{t.username}</strong>
                      <p>{truncate(t.desc, 80)}</p>
                    </span>
                  </Link>
                </li>
              ))}
            </Tutors>
          )}
        </Section>
      ) : null}

      <Section aria-labelledby="all-courses">
        <h2 id="all-courses">All Courses</h2>
        <ListControls list={list} facets={all.firstPage?.facets} />
        <PagedCourseList list={all} emptyText="No courses yet." />
      </Section>
    </Page>
  );
}
