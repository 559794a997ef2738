import type { LiveSession } from '@liveedu/api-client';
import styled from 'styled-components';
import {
  canJoinLive,
  formatLiveTime,
  joinOpensAt,
  LIVE_STATE_WORDS,
  liveRoomPath,
  liveStateAt,
} from '../live-classes.ts';
import { theme } from '../theme.ts';
import { Button, ButtonLink } from './button.tsx';

type ClassTimes = Pick<LiveSession, '_id' | 'title' | 'startsAt' | 'endsAt' | 'state' | 'durationMin'>;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  .state { font-size: 0.85rem; font-weight: 600; padding: 0.1rem 0.55rem; border-radius: 999px; background: ${theme.colors.surface}; border: 1px solid ${theme.colors.border}; }
  .state[data-state='live'], .state[data-state='open'] { color: ${theme.colors.danger}; border-color: ${theme.colors.danger}; }
`;

/** A class's title, as the heading `id` names, beside where it stands at `now` (Live now in red). */
export function LiveClassHeading({ id, session, now }: { id: string; session: ClassTimes; now: number }) {
  const state = liveStateAt(session, now);
  return (
    <Head>
      <h3 id={id}>{session.title}</h3>
      <span className="state" data-state={state}>
        {LIVE_STATE_WORDS[state]}
      </span>
    </Head>
  );
}

/** When a class starts, in the viewer's time, and how long it lasts. */
export function LiveClassTime({ session }: { session: ClassTimes }) {
  return (
    <p className="meta">
      <time dateTime={session.startsAt}>{formatLiveTime(session.startsAt)}</time> · {session.durationMin}{' '}
      minutes
    </p>
  );
}

/**
 * The way into a class's room: a link from 10 minutes before the start until the end, before that
 * a disabled button described by the hint `hintId` (`LiveRoomOpens`).
 */
export function LiveRoomButton({
  session,
  now,
  hintId,
  label,
  ariaLabel,
}: {
  session: ClassTimes;
  now: number;
  hintId: string;
  label: string;
  ariaLabel?: string;
}) {
  if (canJoinLive(session, now)) {
    return (
      <ButtonLink to={liveRoomPath(session._id)} aria-label={ariaLabel}>
        {label}
      </ButtonLink>
    );
  }
  return (
    <Button type="button" disabled aria-describedby={hintId} aria-label={ariaLabel}>
      {label}
    </Button>
  );
}

/** When a class's room opens, in the viewer's time: `lead` and the time, "10 minutes before the start". */
export function LiveRoomOpens({ id, session, lead }: { id: string; session: ClassTimes; lead: string }) {
  return (
    <p className="hint" id={id}>
      {lead} {formatLiveTime(new Date(joinOpensAt(session.startsAt)).toISOString())}, 10 minutes before the
      start.
    </p>
  );
}
