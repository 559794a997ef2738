import type { PaymentRecord } from '@liveedu/api-client';
import { Button, type Column, DiscountedPrice, formatRupees, orderColumns, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { DownloadButton } from '../../../shared/components/download-button.tsx';
import { useCommerceApi } from '../../../shared/hooks/use-commerce-api.ts';
import { pdfName } from '../api/documents.ts';
import { mayAskRefund, REFUND_STATUS_WORDS, standingWords } from '../api/refund-words.ts';

const Stack = styled.div`
  display: grid;
  gap: 0.3rem;
  justify-items: start;
  min-width: 9rem;
  small { color: ${theme.colors.muted}; }
  .document { flex-direction: column; align-items: flex-start; gap: 0; }
  .document small { font-weight: 400; color: inherit; white-space: nowrap; }
  .status { font-weight: 600; }
  .status[data-status='refunded'], .status[data-status='approved'] { color: ${theme.colors.success}; }
  .status[data-status='rejected'], .status[data-status='failed'] { color: ${theme.colors.danger}; }
  button { min-height: 32px; padding: 0.25rem 0.6rem; }
`;

/** What was paid for the line: with a coupon, the course's price struck through beside it. */
function PaidAmount({ line }: { line: PaymentRecord }) {
  if (line.couponCode && typeof line.listPrice === 'number' && line.listPrice !== line.amount) {
    return <DiscountedPrice price={line.listPrice} paid={line.amount} />;
  }
  return <>{formatRupees(line.amount)}</>;
}

/** Downloads one of the line's tax documents, read with the session's credentials. */
function DocumentButton({
  label,
  number,
  read,
}: {
  label: string;
  number: string;
  read: () => Promise<Blob>;
}) {
  return (
    <DownloadButton className="document" read={read} fileName={pdfName(number)}>
      {label} <small>{number}</small>
    </DownloadButton>
  );
}

/** The order's tax invoice and, once refunded, the course's credit note, as they are issued. */
function TaxDocuments({ line }: { line: PaymentRecord }) {
  const commerce = useCommerceApi();
  const orderId = line.razorpay_order_id;
  if (!line.invoiceNumber && !line.creditNoteNumber) return <>-</>;
  return (
    <Stack>
      {line.invoiceNumber ? (
        <DocumentButton
          label="Invoice"
          number={line.invoiceNumber}
          read={() => commerce.invoicePdf(orderId)}
        />
      ) : null}
      {line.creditNoteNumber ? (
        <DocumentButton
          label="Credit note"
          number={line.creditNoteNumber}
          read={() => commerce.creditNotePdf(orderId, line.courseEnrolled._id)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A paid line's refund: the request's state once asked, and while it may be asked (again) the
 * Refund button with where the student stands with the rule.
 */
function RefundCell({ line, onAsk }: { line: PaymentRecord; onAsk: (line: PaymentRecord) => void }) {
  const { refund } = line;
  if (!refund) return <>-</>;
  return (
    <Stack>
      {refund.status ? (
        <span className="status" data-status={refund.status}>
          {REFUND_STATUS_WORDS[refund.status]}
        </span>
      ) : null}
      {mayAskRefund(refund) ? (
        <>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => onAsk(line)}
            aria-label={`Refund ${line.courseEnrolled.title}`}
          >
            Refund
          </Button>
          <small>{standingWords(refund)}</small>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * The student's order-history columns: the order's, with what was paid after a coupon and the
 * coupon's code, the tax documents to download and the refund of each paid course.
 */
export function learnerOrderColumns(onAskRefund: (line: PaymentRecord) => void): Column<PaymentRecord>[] {
  const c = orderColumns<PaymentRecord>();
  return [
    c.orderId,
    c.paymentId,
    c.course,
    { header: 'Amount', cell: (line) => <PaidAmount line={line} /> },
    c.coupon,
    c.status,
    c.date,
    { header: 'Documents', cell: (line) => <TaxDocuments line={line} /> },
    { header: 'Refund', cell: (line) => <RefundCell line={line} onAsk={onAskRefund} /> },
  ];
}
