import { ButtonLink, theme } from '@liveedu/ui';
import { useSearchParams } from 'react-router';
import { ResultCard } from './result-card.tsx';

/** What the payments service says went wrong, by the `reason` it puts in the redirect. */
const REASONS: Record<string, string> = {
  declined: 'Your bank declined the card. No money was taken.',
  invalid: 'The payment could not be verified, so you were not enrolled. No money was taken.',
};

function Cross() {
  return (
    <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill={theme.colors.danger} />
      <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** Where the payments service sends a declined or unverifiable payment: /paymentfailed?reason=… */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const reason = REASONS[params.get('reason') ?? ''] ?? 'The payment did not go through. No money was taken.';
  return (
    <ResultCard $tone="danger" aria-labelledby="payment-failed-title">
      <Cross />
      <h1 id="payment-failed-title">PAYMENT FAILED</h1>
      <p>{reason}</p>
      <p>You can try again from the course page, or pick another course.</p>
      <ButtonLink to="/courses">Back to the courses</ButtonLink>
    </ResultCard>
  );
}
