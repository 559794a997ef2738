import { ButtonLink, theme } from '@liveedu/ui';
import { useSearchParams } from 'react-router';
import { ResultCard } from './result-card.tsx';

const Action = ButtonLink;

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <ResultCard $tone="success">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill={theme.colors.success} />
        <path d="M7 12.5l3.2 3.2L17 9" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      <h1>PAYMENT SUCCESSFUL</h1>
      <p>
        Reference Number: <code>{reference ?? '-'}</code>
      </p>
      <Action to="/profile">Go to my courses</Action>
    </ResultCard>
  );
}
