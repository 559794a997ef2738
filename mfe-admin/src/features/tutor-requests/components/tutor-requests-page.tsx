import { messageOf, type TutorRequest } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Button, DataTable, EmptyState, theme, toast, useResource } from '@liveedu/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { Avatar } from '../../../shared/components/avatar.tsx';
import { Badge } from '../../../shared/components/badge.tsx';
import { InlineError, PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { DECISION_OPTIONS, type Decision, statusLabel } from '../api/tutor-requests.ts';

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  small { display: block; color: ${theme.colors.muted}; }
`;

const Decide = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  select { padding: 0.45rem 0.5rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
`;

const statusTone = (s: string) => (s === 'accept' ? 'green' : s === 'reject' ? 'red' : 'yellow');

function DecisionControl({ request, onDecided }: { request: TutorRequest; onDecided: () => void }) {
  const api = useApi();
  const [option, setOption] = useState<Decision>('in progress');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = request.user.username;
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await api.acceptTutorRequest({ option, id: request.user._id });
      toast.success(message);
      onDecided();
    } catch (error) {
      console.error('Deciding a tutor request failed', error);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Decide>
        <select
          aria-label={`Status for ${name}`}
          value={option}
          onChange={(e) => setOption(e.target.value as Decision)}
          disabled={busy}
        >
          {DECISION_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          aria-label={`Confirm status for ${name}`}
        >
          Confirm
        </Button>
      </Decide>
      {failure ? <InlineError role="alert">{failure}</InlineError> : null}
    </div>
  );
}

/** /dashboard/tutor-requests: every application with its links, its status and a decision. */
export function TutorRequestsPage() {
  const api = useApi();
  const requests = useResource(async () => (await api.tutorRequests()).data, [api]);
  return (
    <PageFrame>
      <h1>Tutor Requests</h1>
      <ResourceView
        resource={requests}
        loadingLabel="Loading the tutor requests…"
        errorText="The tutor requests could not be loaded."
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message="No tutor requests" />
          ) : (
            <DataTable<TutorRequest>
              caption="Tutor requests"
              rows={rows}
              rowKey={(r) => r._id}
              emptyText="No tutor requests"
              columns={[
                {
                  header: 'User',
                  cell: (r) => (
                    <Person>
                      <Avatar src={r.user.avatar} username={r.user.username} size={40} />
                      <span>
                        {r.user.username}
                        <small>{r.user.email}</small>
                      </span>
                    </Person>
                  ),
                },
                {
                  header: 'YouTube link',
                  cell: (r) =>
                    r.ytLink ? (
                      <a href={r.ytLink} target="_blank" rel="noreferrer noopener">
                        ytLink
                      </a>
                    ) : (
                      '-'
                    ),
                },
                {
                  header: 'Resume',
                  cell: (r) =>
                    r.resume ? (
                      <a href={r.resume} target="_blank" rel="noreferrer noopener">
                        Resume
                      </a>
                    ) : (
                      '-'
                    ),
                },
                {
                  header: 'Status',
                  cell: (r) => (
                    <Badge $tone={statusTone(r.user.stausOfPage)}>{statusLabel(r.user.stausOfPage)}</Badge>
                  ),
                },
                {
                  header: 'Change status',
                  cell: (r) => <DecisionControl request={r} onDecided={requests.reload} />,
                },
              ]}
            />
          )
        }
      </ResourceView>
    </PageFrame>
  );
}
