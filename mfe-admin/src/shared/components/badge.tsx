import { theme } from '@liveedu/ui';
import styled from 'styled-components';

export type BadgeTone = 'blue' | 'green' | 'yellow' | 'red';

const tones: Record<BadgeTone, { fg: string; bg: string }> = {
  blue: { fg: theme.colors.primaryDark, bg: '#e0e7ff' },
  green: { fg: theme.colors.success, bg: theme.colors.successBg },
  yellow: { fg: theme.colors.warning, bg: theme.colors.warningBg },
  red: { fg: theme.colors.danger, bg: theme.colors.dangerBg },
};

/** A small coloured pill: a role, a status. */
export const Badge = styled.span<{ $tone: BadgeTone }>`
  justify-self: start;
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  white-space: nowrap;
  color: ${({ $tone }) => tones[$tone].fg};
  background: ${({ $tone }) => tones[$tone].bg};
`;
