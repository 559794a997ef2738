import { flatPanel, theme } from '@liveedu/ui';
import styled from 'styled-components';

/** The card of a payment's outcome: green heading for success, red for failure. */
export const ResultCard = styled.section<{ $tone: 'success' | 'danger' }>`
  max-width: 520px;
  margin: 3rem auto;
  padding: 2rem 1.5rem;
  text-align: center;
  ${flatPanel}
  h1 { color: ${({ $tone }) => theme.colors[$tone]}; letter-spacing: 0.04em; }
  p { color: ${theme.colors.muted}; }
  code { font-size: 1rem; word-break: break-all; }
`;
