import { RenderedHtml } from '@liveedu/markdown';
import { usePagedQuery } from '@liveedu/query';
import { bareList, EmptyState, ErrorState, Loading, PagedListEnd, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { playerKeys } from '../api/keys.ts';
import { useCommunityApi } from '../hooks/use-community-api.ts';
import { AuthorLine } from './post-parts.tsx';

const List = styled.ol`
  ${bareList}
  display: grid;
  gap: 1rem;
  li { border-top: 1px solid ${theme.colors.border}; padding-top: 0.75rem; }
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
`;

/** What the course's tutor announced to its students, newest first, a page at a time. */
export function AnnouncementsPanel({ courseId }: { courseId: string }) {
  const api = useCommunityApi();
  const list = usePagedQuery(playerKeys.announcements(courseId), (page, signal) =>
    api.announcements(courseId, page, signal).then((answer) => ({
      items: answer.announcements,
      total: answer.total,
      pages: answer.pages,
    })),
  );
  if (list.status === 'loading') return <Loading label="Loading announcements…" />;
  if (list.status === 'error') return <ErrorState message={list.error} onRetry={list.reload} />;
  if (list.items.length === 0) return <EmptyState message="No announcements in this course yet." />;
  return (
    <>
      <List aria-label="Announcements of this course">
        {list.items.map((a) => (
          <li key={a._id}>
            <article aria-labelledby={`announcement-${a._id}`}>
              <h3 id={`announcement-${a._id}`}>{a.title}</h3>
              <AuthorLine author={a.author} createdAt={a.createdAt} />
              <RenderedHtml html={a.bodyHtml} />
            </article>
          </li>
        ))}
      </List>
      <PagedListEnd list={list} />
    </>
  );
}
