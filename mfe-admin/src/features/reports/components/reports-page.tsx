import { useApiMutation, usePagedQuery } from '@liveedu/query';
import { ToggleButtons } from '@liveedu/ui';
import { useState } from 'react';
import { DecisionQueue } from '../../../shared/components/decision-queue.tsx';
import { useCommunityApi } from '../hooks/community-api.ts';
import { type ReportAction, ReportCard } from './report-card.tsx';

const REPORTS = ['admin', 'reports'];

type Tab = 'open' | 'closed';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
];

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
    <DecisionQueue
      title="Reports"
      filter={
        <ToggleButtons
          label="Reports"
          options={TABS}
          active={tab}
          onChange={(next) => {
            setOutcome(null);
            setTab(next);
          }}
        />
      }
      outcome={outcome}
      list={reports}
      what="the reports"
      empty={tab === 'open' ? 'No reports waiting' : 'No closed reports yet'}
      label={tab === 'open' ? 'Open reports' : 'Closed reports'}
    >
      {(report) => <ReportCard report={report} act={act} />}
    </DecisionQueue>
  );
}
