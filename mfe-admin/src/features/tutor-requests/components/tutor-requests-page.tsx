import type { TutorRequest } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { Avatar, DataTable, EmptyState, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { Badge } from '../../../shared/components/badge.tsx';
import { ChooseAndConfirm } from '../../../shared/components/choose-and-confirm.tsx';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';
import { DECISION_OPTIONS, type Decision, statusLabel } from '../api/tutor-requests.ts';

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  small { display: block; color: ${theme.colors.muted}; }
`;

const statusTone = (s: string) => (s === 'accept' ? 'green' : s === 'reject' ? 'red' : 'yellow');

const TUTOR_REQUESTS = ['admin', 'tutor-requests'];

function DecisionControl({ request }: { request: TutorRequest }) {
  const api = useAdminApi();
  const name = request.user.username;
  return (
    <ChooseAndConfirm<Decision>
      options={DECISION_OPTIONS}
      initial="in progress"
      selectLabel={`Status for ${name}`}
      confirmLabel={`Confirm status for ${name}`}
      submit={(option) => api.acceptTutorRequest({ option, id: request.user._id })}
      invalidates={[TUTOR_REQUESTS]}
      failureLog="Deciding a tutor request failed"
    />
  );
}

/** /dashboard/tutor-requests: every application with its links, its status and a decision. */
export function TutorRequestsPage() {
  const api = useAdminApi();
  const requests = useApiQuery(TUTOR_REQUESTS, async () => (await api.tutorRequests()).data);
  return (
    <PageFrame title="Tutor Requests">
      <ResourceView resource={requests} what="the tutor requests">
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
                  cell: (r) => <DecisionControl request={r} />,
                },
              ]}
            />
          )
        }
      </ResourceView>
    </PageFrame>
  );
}
