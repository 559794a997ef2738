import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';
import { Button } from './button.tsx';

const Box = styled.div`
  text-align: center;
  padding: 2.5rem 1rem;
  color: ${theme.colors.muted};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
`;

/** What a list or a page shows when there is nothing in it. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Box>
      <p>{message}</p>
      {children}
    </Box>
  );
}

const ErrorBox = styled(Box)`
  border-color: ${theme.colors.danger};
  background: ${theme.colors.dangerBg};
  color: ${theme.colors.danger};
`;

/** A contained error with an optional retry button. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <ErrorBox role="alert">
      {title ? <h2>{title}</h2> : null}
      <p>{message}</p>
      {onRetry ? (
        <Button type="button" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </ErrorBox>
  );
}

type Tone = 'success' | 'error' | 'warning';
const TONES: Record<Tone, { color: string; background: string }> = {
  success: { color: theme.colors.success, background: theme.colors.successBg },
  error: { color: theme.colors.danger, background: theme.colors.dangerBg },
  warning: { color: theme.colors.warning, background: theme.colors.warningBg },
};

const BannerBox = styled.div<{ $tone: Tone }>`
  padding: 0.75rem 1rem;
  border-radius: 8px;
  margin: 0.5rem 0 1rem;
  font-weight: 500;
  color: ${({ $tone }) => TONES[$tone].color};
  background: ${({ $tone }) => TONES[$tone].background};
`;

/** The coloured message strip of the forms: green for success, red for errors, yellow for notices. */
export function Banner({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <BannerBox $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {children}
    </BannerBox>
  );
}
