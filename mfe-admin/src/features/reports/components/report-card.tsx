import type { PostReport } from '@liveedu/api-client';
import { Button, formatOrderDate } from '@liveedu/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../shared/components/badge.tsx';
import { DecisionCard, useDecision } from '../../../shared/components/decision-queue.tsx';
import { InlineError } from '../../../shared/components/page-frame.tsx';

const Card = styled(DecisionCard)`
  header h2 { overflow-wrap: anywhere; }
  ul { margin: 0; padding-left: 1.1rem; }
`;

const STATUS: Record<PostReport['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'yellow' },
  hidden: { label: 'Hidden', tone: 'red' },
  dismissed: { label: 'Dismissed', tone: 'green' },
};

export type ReportAction = 'hide' | 'dismiss';

/** "1 report", "3 reports". */
const reportCount = (n: number) => `${n} report${n === 1 ? '' : 's'}`;

/**
 * One reported post: a question or an answer (with its question's title), an excerpt, its author,
 * every reason given and how many reported it. An open one is hidden or dismissed here; the
 * server's refusal is shown on the card.
 */
export function ReportCard({
  report,
  act,
}: {
  report: PostReport;
  act: (reportId: string, action: ReportAction) => Promise<unknown>;
}) {
  const id = useId();
  const { sending, problem, send: sendAction } = useDecision<ReportAction>();
  const status = STATUS[report.status];
  const what = report.kind === 'question' ? 'Question' : 'Answer';

  const send = (action: ReportAction) => sendAction(action, () => act(report._id, action));

  return (
    <Card aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>
          {what}: {report.title}
        </h2>
        <Badge $tone={status.tone}>{status.label}</Badge>
      </header>
      <dl>
        <dt>{what === 'Question' ? 'The question' : 'The answer'}</dt>
        <dd>{report.excerpt}</dd>
        <dt>Written by</dt>
        <dd>{report.author.name}</dd>
        <dt>Reported</dt>
        <dd>
          {reportCount(report.reasons.length)}, first on {formatOrderDate(report.createdAt)}
        </dd>
        <dt>Reasons</dt>
        <dd>
          <ul aria-label="Reasons">
            {report.reasons.map((r) => (
              <li key={`${r.reporterId}:${r.at}`}>{r.reason}</li>
            ))}
          </ul>
        </dd>
      </dl>
      {report.status === 'open' ? (
        <div className="actions">
          <Button
            type="button"
            $variant="danger"
            aria-disabled={sending !== null || undefined}
            aria-label={`Hide the ${what.toLowerCase()}: ${report.title}`}
            onClick={() => sending === null && void send('hide')}
          >
            {sending === 'hide' ? 'Hiding…' : 'Hide'}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            aria-disabled={sending !== null || undefined}
            aria-label={`Dismiss the report of the ${what.toLowerCase()}: ${report.title}`}
            onClick={() => sending === null && void send('dismiss')}
          >
            {sending === 'dismiss' ? 'Dismissing…' : 'Dismiss'}
          </Button>
        </div>
      ) : null}
      {problem ? <InlineError role="alert">{problem}</InlineError> : null}
    </Card>
  );
}
