import { messageOf, type PaymentRecord } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Banner, Button, Field, Modal, theme, toast } from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useCommerceApi } from '../../../shared/hooks/use-commerce-api.ts';
import { ORDER_HISTORY_KEY } from '../api/keys.ts';
import { OUTSIDE_RULE, standingWords } from '../api/refund-words.ts';

/** The most a reason may say, as the server allows. */
const REASON_MAX = 1000;

const Rule = styled.p`
  margin: 0 0 0.5rem;
  color: ${theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
`;

/** What the line says once asked: approved at once by the rule, or waiting for the admin. */
const ANSWERS = {
  approved: 'Your refund is approved: the money goes back to your card',
  pending: 'Your request was sent: an admin will review it',
} as const;

/**
 * Asks for the refund of one course of a paid order, with a reason. The rule and the student's
 * standing come first; outside the rule the request still goes, to the admin.
 */
export function RefundDialog({ line, onClose }: { line: PaymentRecord | null; onClose: () => void }) {
  const commerce = useCommerceApi();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const ask = useApiMutation(
    (target: PaymentRecord) =>
      commerce.requestRefund({
        orderId: target.razorpay_order_id,
        courseId: target.courseEnrolled._id,
        reason: reason.trim(),
      }),
    { invalidates: [ORDER_HISTORY_KEY] },
  );
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!line || reason.trim() === '') return;
    try {
      const request = await ask.mutateAsync(line);
      toast.success(request.status === 'approved' ? ANSWERS.approved : ANSWERS.pending);
      close();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const refund = line?.refund;
  return (
    <Modal open={line !== null} title="Ask for a refund" onClose={close}>
      {line && refund ? (
        <form onSubmit={submit}>
          <p>
            <strong>{line.courseEnrolled.title}</strong>
          </p>
          <Rule>{refund.rule}</Rule>
          <Rule>{standingWords(refund)}</Rule>
          {refund.refundable ? null : <Banner tone="warning">{OUTSIDE_RULE}</Banner>}
          <Field>
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={REASON_MAX}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <Actions>
            <Button type="button" $variant="secondary" onClick={close} disabled={ask.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={ask.isPending || reason.trim() === ''}>
              {ask.isPending ? 'Sending…' : 'Ask for refund'}
            </Button>
          </Actions>
        </form>
      ) : null}
    </Modal>
  );
}
