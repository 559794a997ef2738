import { createAccountSessionsClient, messageOf } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { logOut, useClientOf, useSessionDispatch } from '@liveedu/session';
import { Button, ErrorState, Loading, theme, toast } from '@liveedu/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    justify-content: space-between;
    border-bottom: 1px solid ${theme.colors.border};
    padding-bottom: 0.75rem;
  }
  strong { overflow-wrap: anywhere; }
  small { display: block; color: ${theme.colors.muted}; }
`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The devices logged in to the account: log one out, or every one (this one too). */
export function SessionsPanel() {
  const api = useClientOf(createAccountSessionsClient);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const sessions = useApiQuery(['learner', 'sessions'], (signal) => api.sessions(signal));
  const [busy, setBusy] = useState<string | null>(null);

  const endOne = async (sid: string) => {
    setBusy(sid);
    try {
      toast.success((await api.endSession(sid)).message);
      sessions.reload();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const endAll = async () => {
    setBusy('all');
    try {
      toast.success((await api.logOutEverywhere()).message);
      dispatch(logOut());
      navigate('/login');
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="sessions-heading">
      <h3 id="sessions-heading">Where you are logged in</h3>
      {sessions.status === 'loading' && <Loading label="Loading your devices…" />}
      {sessions.status === 'error' && <ErrorState message={sessions.error} onRetry={sessions.reload} />}
      {sessions.status === 'ready' && (
        <List>
          {sessions.data.sessions.map((session) => (
            <li key={session.sid}>
              <span>
                <strong>{session.device}</strong>
                <small>
                  {session.current ? 'This device · ' : ''}Logged in {when(session.createdAt)} · last active{' '}
                  {when(session.lastSeenAt)}
                </small>
              </span>
              {!session.current && (
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={busy !== null}
                  onClick={() => endOne(session.sid)}
                  aria-label={`Log out ${session.device}`}
                >
                  {busy === session.sid ? 'Logging out…' : 'Log out'}
                </Button>
              )}
            </li>
          ))}
        </List>
      )}
      <Button type="button" $variant="secondary" disabled={busy !== null} onClick={endAll}>
        {busy === 'all' ? 'Logging out…' : 'Log out everywhere'}
      </Button>
    </section>
  );
}
