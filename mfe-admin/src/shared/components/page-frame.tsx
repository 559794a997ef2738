import { theme } from '@liveedu/ui';
import styled from 'styled-components';

/** One dashboard page: its heading and its sections. */
export const PageFrame = styled.section`
  h1 { font-size: 1.6rem; margin: 0 0 1.25rem; }
  h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
`;

/** An inline, unobtrusive note that an action did not go through. */
export const InlineError = styled.p`
  color: ${theme.colors.danger};
  font-size: 0.9rem;
  margin: 0.35rem 0 0;
`;
