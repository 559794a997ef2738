import type { AdminRefundRequest, RefundDecision } from '@liveedu/api-client';
import { Button, Field, formatOrderDate, formatRupees } from '@liveedu/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../shared/components/badge.tsx';
import { DecisionCard, useDecision } from '../../../shared/components/decision-queue.tsx';
import { InlineError } from '../../../shared/components/page-frame.tsx';
import { daysSincePurchase, purchasedAt, STATUS_LABELS } from '../api/refund-facts.ts';

const Card = styled(DecisionCard)`
  textarea { width: 100%; min-height: 4rem; }
`;

const TONES: Record<AdminRefundRequest['status'], BadgeTone> = {
  pending: 'yellow',
  approved: 'blue',
  refunded: 'green',
  rejected: 'red',
  failed: 'red',
};

/** The admin's note is at most this long (the server refuses longer ones). */
const NOTE_MAX = 1000;

/**
 * One refund request: who asked, for which course, how much, why, how far they had got and how
 * long after buying. A pending one is approved or rejected here, with a note; the server's answer
 * goes to `onDecided`, its refusal is shown on the card.
 */
export function RefundRequestCard({
  request,
  decide,
  onDecided,
}: {
  request: AdminRefundRequest;
  decide: (requestId: string, decision: RefundDecision) => Promise<AdminRefundRequest>;
  onDecided: (answer: AdminRefundRequest) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const { sending, problem, send: sendDecision } = useDecision<RefundDecision['decision']>();
  const send = (decision: RefundDecision['decision']) =>
    sendDecision(decision, async () => {
      const trimmed = note.trim();
      onDecided(await decide(request._id, { decision, ...(trimmed ? { note: trimmed } : {}) }));
    });

  const who = request.user.username;
  const days = daysSincePurchase(request);
  return (
    <Card aria-label={`Refund request of ${who} for ${request.courseTitle}`}>
      <header>
        <h2>
          <Link to={`/viewCouse/${request.courseId}`}>{request.courseTitle}</Link>
        </h2>
        <Badge $tone={TONES[request.status]}>{STATUS_LABELS[request.status]}</Badge>
      </header>
      <dl>
        <dt>Student</dt>
        <dd>{who}</dd>
        <dt>Amount</dt>
        <dd>{formatRupees(request.amount)}</dd>
        <dt>Reason</dt>
        <dd>{request.reason}</dd>
        <dt>Completed</dt>
        <dd>{typeof request.completedPercent === 'number' ? `${request.completedPercent}%` : 'Not known'}</dd>
        <dt>Days since purchase</dt>
        <dd>
          {days} when asked (bought {formatOrderDate(purchasedAt(request).toISOString())}, asked{' '}
          {formatOrderDate(request.createdAt)})
        </dd>
        {request.decidedBy ? (
          <>
            <dt>Decided</dt>
            <dd>
              {request.decidedBy === 'rule' ? 'By the rule' : 'By the admin'}
              {request.decidedAt ? `, ${formatOrderDate(request.decidedAt)}` : ''}
            </dd>
          </>
        ) : null}
        {request.note ? (
          <>
            <dt>Note</dt>
            <dd>{request.note}</dd>
          </>
        ) : null}
        {request.failureReason ? (
          <>
            <dt>Why it failed</dt>
            <dd>{request.failureReason}</dd>
          </>
        ) : null}
      </dl>
      {request.status === 'pending' ? (
        <>
          <Field>
            <label htmlFor={`${id}-note`}>Note</label>
            <textarea
              id={`${id}-note`}
              value={note}
              maxLength={NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <div className="actions">
            <Button type="button" disabled={sending !== null} onClick={() => void send('approve')}>
              {sending === 'approve' ? 'Approving…' : 'Approve'}
            </Button>
            <Button
              type="button"
              $variant="danger"
              disabled={sending !== null}
              onClick={() => void send('reject')}
            >
              {sending === 'reject' ? 'Rejecting…' : 'Reject'}
            </Button>
          </div>
          {problem ? <InlineError role="alert">{problem}</InlineError> : null}
        </>
      ) : null}
    </Card>
  );
}
