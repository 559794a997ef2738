import { useApiMutation, usePagedQuery } from '@liveedu/query';
import { Banner, EmptyState, gridList, ToggleButtons } from '@liveedu/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { PagedListView } from '../../../shared/components/paged-list-view.tsx';
import { useCommunityApi } from '../hooks/community-api.ts';
import { type ReportAction, ReportCard } from './report-card.tsx';

const REPORTS = ['admin', 'reports'];

type Tab = 'open' | 'closed';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
];

const List = styled.ul`
  ${gridList({})}
`;

const DONE: Record<ReportAction, string> = {
  hide: 'The post is hidden',
  dismiss: 'The report is dismissed',
};

/**
 * /dashboard/reports: the questions and answers students reported, open ones first to decide:
 * Hide takes the post out of sight for everyone but its author, Dismiss closes the report (and
 * shows the post again if it was hidden). Closed reports have their own tab.
 */
export function ReportsPage() {
  const community = useCommunityApi();
  const [tab, setTab] = useState<Tab>('open');
  const [outcome, setOutcome] = useState<string | null>(null);
  const reports = usePagedQuery([...REPORTS, tab], (page, signal) =>
    community
      .reports({ status: tab, page }, signal)
      .then((r) => ({ items: r.reports, total: r.total, pages: r.pages })),
  );
  const action = useApiMutation(
    ({ reportId, act }: { reportId: string; act: ReportAction }) => community.actOnReport(reportId, act),
    { invalidates: [REPORTS] },
  );
  const act = async (reportId: string, act: ReportAction) => {
    setOutcome(null);
    await action.mutateAsync({ reportId, act });
    setOutcome(DONE[act]);
  };

  return (
    <PageFrame title="Reports">
      <ToggleButtons
        label="Reports"
        options={TABS}
        active={tab}
        onChange={(next) => {
          setOutcome(null);
          setTab(next);
        }}
      />
      {outcome ? <Banner tone="success">{outcome}</Banner> : null}
      <PagedListView list={reports} what="the reports">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message={tab === 'open' ? 'No reports waiting' : 'No closed reports yet'} />
          ) : (
            <List aria-label={tab === 'open' ? 'Open reports' : 'Closed reports'}>
              {rows.map((report) => (
                <li key={`${report._id}:${report.status}`}>
                  <ReportCard report={report} act={act} />
                </li>
              ))}
            </List>
          )
        }
      </PagedListView>
    </PageFrame>
  );
}
