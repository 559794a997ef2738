import { ButtonLink, theme } from '@liveedu/ui';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';

const Card = styled.section`
  max-width: 520px;
  margin: 3rem auto;
  padding: 2rem 1.5rem;
  text-align: center;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  h1 { color: ${theme.colors.success}; letter-spacing: 0.04em; }
  code { font-size: 1rem; word-break: break-all; }
`;

const Action = ButtonLink;

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <Card>
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill={theme.colors.success} />
        <path d="M7 12.5l3.2 3.2L17 9" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      <h1>PAYMENT SUCCESSFUL</h1>
      <p>
        Reference Number: <code>{reference ?? '-'}</code>
      </p>
      <Action to="/profile">Go to my courses</Action>
    </Card>
  );
}
