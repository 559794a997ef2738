import type { CourseCard, TutorProfile } from '@liveedu/api-client';
import { messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Button, Loading, LoadMore, media, theme, toast, truncate, usePagedList } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { CourseList } from '../../../shared/components/course-section.tsx';
import { Page, Section } from '../../../shared/components/page.tsx';
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
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: 1fr;
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${media.lg} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  a {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    padding: 0.9rem;
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    color: ${theme.colors.ink};
    text-decoration: none;
  }
  img { width: 56px; height: 56px; border-radius: 50%; object-fit: cover; flex: none; }
  p { margin: 0; color: ${theme.colors.muted}; font-size: 0.9rem; }
`;

type Results = { courses: CourseCard[]; tutor: TutorProfile[]; total: number; pages: number };
type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'done';
      query: string;
      results: Results;
      page: number;
      loadingMore: boolean;
      moreError?: string;
    };

export function CoursesPage() {
  const api = useApi();
  const all = usePagedList(
    'all-courses',
    (page, signal) => api.allCourses(signal, page).then((r) => ({ ...r, items: r.courses ?? [] })),
    [api],
  );
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      toast.error('Nothing to search');
      return;
    }
    setSearch({ status: 'loading' });
    try {
      const res = await api.search(q);
      setSearch({
        status: 'done',
        query: q,
        results: { courses: res.courses ?? [], tutor: res.tutor ?? [], total: res.total, pages: res.pages },
        page: 1,
        loadingMore: false,
      });
    } catch (error) {
      toast.error(messageOf(error));
      setSearch({ status: 'idle' });
    }
  };

  const moreResults = async () => {
    if (search.status !== 'done' || search.loadingMore || search.page >= search.results.pages) return;
    const { query: q, page } = search;
    setSearch({ ...search, loadingMore: true, moreError: undefined });
    try {
      const res = await api.search(q, undefined, page + 1);
      setSearch((s) =>
        s.status === 'done' && s.query === q
          ? {
              ...s,
              page: page + 1,
              loadingMore: false,
              results: {
                ...s.results,
                courses: [...s.results.courses, ...(res.courses ?? [])],
                total: res.total,
              },
            }
          : s,
      );
    } catch (error) {
      setSearch((s) =>
        s.status === 'done' && s.query === q ? { ...s, loadingMore: false, moreError: messageOf(error) } : s,
      );
    }
  };

  const clear = () => {
    setQuery('');
    setSearch({ status: 'idle' });
  };

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
        <Button type="submit" disabled={search.status === 'loading'}>
          Search
        </Button>
      </SearchForm>

      {search.status === 'loading' ? <Loading label="Searching…" /> : null}
      {search.status === 'done' ? (
        <Section aria-label={`Search results for ${search.query}`}>
          <Button type="button" $variant="secondary" onClick={clear}>
            Clear search results
          </Button>
          <h2 style={{ marginTop: '1.5rem' }}>Courses</h2>
          {search.results.courses.length === 0 ? (
            <p>No data to show.</p>
          ) : (
            <>
              <CourseList
                resource={{ status: 'ready', data: search.results.courses }}
                emptyText="No data to show."
              />
              <LoadMore
                shown={search.results.courses.length}
                total={search.results.total}
                hasMore={search.page < search.results.pages}
                loading={search.loadingMore}
                error={search.moreError}
                onLoadMore={moreResults}
              />
            </>
          )}
          <h2 style={{ marginTop: '2rem' }}>Tutors Profiles</h2>
          {search.results.tutor.length === 0 ? (
            <p>No data to show.</p>
          ) : (
            <Tutors>
              {search.results.tutor.map((t) => (
                <li key={t._id}>
                  <Link to={`/viewUser/${encodeURIComponent(t.username)}`}>
                    <img src={t.avatar} alt={`Avatar of ${t.username}`} />
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
        <PagedCourseList list={all} emptyText="No courses yet." />
      </Section>
    </Page>
  );
}
