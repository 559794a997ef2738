import type { AdminRefundRequest, RefundDecision, RefundStatus } from '@liveedu/api-client';
import { useApiMutation, usePagedQuery } from '@liveedu/query';
import { ToggleButtons } from '@liveedu/ui';
import { useState } from 'react';
import { DecisionQueue } from '../../../shared/components/decision-queue.tsx';
import { useCommerceApi } from '../../../shared/hooks/commerce-api.ts';
import { decisionOutcome, REFUND_FILTERS } from '../api/refund-facts.ts';
import { RefundRequestCard } from './refund-request-card.tsx';

const REFUNDS = ['admin', 'refund-requests'];

const EMPTY: Record<RefundStatus | 'all', string> = {
  pending: 'No refund requests waiting',
  approved: 'No approved refunds on their way',
  refunded: 'No refunds yet',
  rejected: 'No rejected requests',
  failed: 'No failed refunds',
  all: 'No refund requests yet',
};

/**
 * /dashboard/refunds: the refund requests the rule left to the admin (and, by filter, every other
 * state), newest first, a page at a time. Approving sends the refund to Razorpay; the server's
 * answer stays above the list once the request has left the pending ones.
 */
export function RefundQueuePage() {
  const commerce = useCommerceApi();
  const [status, setStatus] = useState<RefundStatus | 'all'>('pending');
  const [outcome, setOutcome] = useState<string | null>(null);
  const requests = usePagedQuery([...REFUNDS, status], (page, signal) =>
    commerce
      .refundRequests({ ...(status === 'all' ? {} : { status }), page }, signal)
      .then((r) => ({ items: r.data, total: r.total, pages: r.pages })),
  );
  const decision = useApiMutation(
    ({ requestId, body }: { requestId: string; body: RefundDecision }) =>
      commerce.decideRefundRequest(requestId, body),
    { invalidates: [REFUNDS] },
  );
  const decide = (requestId: string, body: RefundDecision) => decision.mutateAsync({ requestId, body });
  const decided = (answer: AdminRefundRequest) => setOutcome(decisionOutcome(answer));

  return (
    <DecisionQueue
      title="Refunds"
      filter={<ToggleButtons label="Status" options={REFUND_FILTERS} active={status} onChange={setStatus} />}
      outcome={outcome}
      list={requests}
      what="the refund requests"
      empty={EMPTY[status]}
      label="Refund requests"
    >
      {(request) => <RefundRequestCard request={request} decide={decide} onDecided={decided} />}
    </DecisionQueue>
  );
}
