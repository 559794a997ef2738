import { createLiveScheduleClient, type LiveStatus } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useClientOf } from '@liveedu/session';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatLiveTime, joinOpensAt, liveRoomPath, useNow } from '../live-classes.ts';
import { theme } from '../theme.ts';
import { ButtonLink } from './button.tsx';

const Badge = styled.p<{ $live: boolean }>`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: 0.5rem 0;
  padding: 0.4rem 0.75rem;
  border-radius: 999px;
  font-weight: 600;
  color: ${({ $live }) => ($live ? theme.colors.danger : theme.colors.ink)};
  background: ${({ $live }) => ($live ? theme.colors.dangerBg : theme.colors.surface)};
  border: 1px solid ${({ $live }) => ($live ? theme.colors.danger : theme.colors.border)};
  .dot { width: 0.55rem; height: 0.55rem; border-radius: 999px; background: ${theme.colors.danger}; }
  a { min-height: 32px; padding: 0.25rem 0.75rem; }
`;

/** The badge for a course's live status read at `now`: Live now with Join, the next class, or nothing. */
export function LiveStatusBadge({ status, now = Date.now() }: { status: LiveStatus; now?: number }) {
  const { sessionId, nextStartsAt } = status;
  const joinable =
    sessionId !== null && (status.live || (nextStartsAt !== null && now >= joinOpensAt(nextStartsAt)));
  if (joinable) {
    return (
      <Badge $live role="status">
        <span className="dot" aria-hidden="true" />
        Live now
        <ButtonLink to={liveRoomPath(sessionId)} $variant="danger">
          Join
        </ButtonLink>
      </Badge>
    );
  }
  if (nextStartsAt) {
    return (
      <Badge $live={false}>
        <span>
          Next live class: <time dateTime={nextStartsAt}>{formatLiveTime(nextStartsAt)}</time>
        </span>
      </Badge>
    );
  }
  return null;
}

/** The read of a course's live status: shared by the course page and the player under one key. */
export const liveStatusKey = (courseId: string) => ['live', 'status', courseId];

/**
 * A course's live badge, read in the browser once the page is there (never while rendering on the
 * server, so a server-rendered page's HTML stays the same): nothing until the answer comes, nor
 * when the read fails.
 */
export function LiveClassBadge({ courseId, now: fixedNow }: { courseId: string; now?: number }) {
  const now = useNow(fixedNow);
  const live = useClientOf(createLiveScheduleClient);
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const status = useApiQuery(liveStatusKey(courseId), (signal) => live.liveStatus(courseId, signal), {
    enabled: inBrowser && courseId !== '',
  });
  if (status.status !== 'ready') return null;
  return <LiveStatusBadge status={status.data} now={now} />;
}
