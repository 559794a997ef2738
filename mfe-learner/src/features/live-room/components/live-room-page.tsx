import { ApiError, type LiveJoin, type LiveSession, messageOf } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useSession } from '@liveedu/session';
import {
  Banner,
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  formatLiveTime,
  Loading,
  theme,
  useNow,
  waitInWords,
} from '@liveedu/ui';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { pageColumn } from '../../../shared/page-column.ts';
import { CANCELLED_MESSAGE, ENDED_MESSAGE, roomPhaseAt } from '../api/room-phase.ts';
import { useLiveRoomApi } from '../hooks/use-live-room-api.ts';
import { useRecordingSaves } from '../hooks/use-recording-saves.ts';
import { LiveRoom } from './live-room.tsx';
import { RecordingSaves } from './recording-saves.tsx';

const Frame = styled.div`
  ${pageColumn}
  h1 { margin: 0 0 0.25rem; font-size: 1.6rem; overflow-wrap: anywhere; }
  .meta { margin: 0 0 1rem; color: ${theme.colors.muted}; overflow-wrap: anywhere; }
`;

const Waiting = styled.div`
  display: grid;
  gap: 0.75rem;
  justify-items: start;
  p { margin: 0; }
  .opens { font-size: 1.1rem; font-weight: 600; }
  .description { white-space: pre-line; color: ${theme.colors.muted}; overflow-wrap: anywhere; }
`;

const sessionKey = (sessionId: string) => ['learner', 'live-room', sessionId];

/** A refusal to join the live service answered: its words, and whether the class has moved on. */
interface JoinRefusal {
  status: number;
  message: string;
}

function Heading({ session }: { session: LiveSession }) {
  return (
    <>
      <h1>{session.title}</h1>
      <p className="meta">
        {session.courseTitle} · with {session.tutorName} · {formatLiveTime(session.startsAt)} ·{' '}
        {session.durationMin} minutes
      </p>
    </>
  );
}

/**
 * The class before the member is in its room: when joining opens (with the time left), Join once
 * it has, or the word that the class was cancelled or has ended; and why the live service refused
 * a join (not open yet, ended, removed by the host, not a member of the course).
 */
function BeforeJoining({
  session,
  fixedNow,
  refusal,
  joining,
  onJoin,
}: {
  session: LiveSession;
  fixedNow?: number;
  refusal: JoinRefusal | null;
  joining: boolean;
  onJoin: () => void;
}) {
  const now = useNow(fixedNow, 1_000);
  const phase = roomPhaseAt(session, now);
  return (
    <Waiting>
      {refusal ? <Banner tone="error">{refusal.message}</Banner> : null}
      {phase === 'cancelled' ? <Banner tone="warning">{CANCELLED_MESSAGE}</Banner> : null}
      {phase === 'ended' ? <p role="status">{ENDED_MESSAGE}</p> : null}
      {phase === 'before' ? (
        <>
          <p className="opens">Opens for joining at {formatLiveTime(session.joinOpensAt)}</p>
          <p role="timer" aria-live="off">
            Opens in {waitInWords((Date.parse(session.joinOpensAt) - now) / 1_000)}
          </p>
        </>
      ) : null}
      {phase === 'open' && refusal?.status !== 403 ? (
        <Button type="button" onClick={onJoin} disabled={joining}>
          {joining ? 'Joining…' : 'Join'}
        </Button>
      ) : null}
      {session.description ? <p className="description">{session.description}</p> : null}
    </Waiting>
  );
}

function SignedInRoom({ sessionId, fixedNow }: { sessionId: string; fixedNow?: number }) {
  const live = useLiveRoomApi();
  const session = useApiQuery(sessionKey(sessionId), (signal) => live.session(sessionId, signal));
  const [joined, setJoined] = useState<LiveJoin | null>(null);
  const [refusal, setRefusal] = useState<JoinRefusal | null>(null);
  const [joining, setJoining] = useState(false);
  const reload = session.reload;

  const join = useCallback(async () => {
    setJoining(true);
    setRefusal(null);
    try {
      setJoined(await live.join(sessionId));
    } catch (error) {
      setJoined(null);
      setRefusal({ status: error instanceof ApiError ? error.status : 0, message: messageOf(error) });
      // The class may have moved on (ended, cancelled) since the page read it.
      if (error instanceof ApiError && error.status === 409) reload();
    } finally {
      setJoining(false);
    }
  }, [live, sessionId, reload]);

  if (session.status === 'loading') return <Loading label="Loading the live class…" />;
  if (session.status === 'error') return <ErrorState message={session.error} onRetry={session.reload} />;
  const data = session.data.session;
  return (
    <SessionRoom
      session={data}
      joined={joined}
      refusal={refusal}
      joining={joining}
      onJoin={join}
      fixedNow={fixedNow}
    />
  );
}

function SessionRoom({
  session,
  joined,
  refusal,
  joining,
  onJoin,
  fixedNow,
}: {
  session: LiveSession;
  joined: LiveJoin | null;
  refusal: JoinRefusal | null;
  joining: boolean;
  onJoin: () => void;
  fixedNow?: number;
}) {
  // Recordings outlive the connection: a rejoin or the class's end does not lose one being saved.
  const recordings = useRecordingSaves(session);
  return (
    <>
      <Heading session={session} />
      <RecordingSaves saves={recordings.saves} startsAt={session.startsAt} onRetry={recordings.retry} />
      {joined ? (
        <LiveRoom
          key={joined.token}
          session={session}
          join={joined}
          onRejoin={onJoin}
          rejoining={joining}
          onRecorded={recordings.save}
        />
      ) : (
        <BeforeJoining
          session={session}
          fixedNow={fixedNow}
          refusal={refusal}
          joining={joining}
          onJoin={onJoin}
        />
      )}
    </>
  );
}

/**
 * /live/{sessionId}: a live class's room, for its host (the course's tutor) and its viewers (the
 * course's students) alike. A visitor is asked to log in first.
 */
export function LiveRoomPage({ now }: { now?: number }) {
  const { sessionId = '' } = useParams();
  const { isLoggedIn, restoring } = useSession();
  if (restoring) return <Loading label="Loading the live class…" />;
  return (
    <Frame>
      {isLoggedIn ? (
        <SignedInRoom sessionId={sessionId} fixedNow={now} />
      ) : (
        <>
          <h1>Live class</h1>
          <EmptyState message="Log in to join this live class.">
            <ButtonLink to="/login">Log in</ButtonLink>
          </EmptyState>
        </>
      )}
    </Frame>
  );
}
