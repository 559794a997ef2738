import { theme } from '@liveedu/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.section`
  h1 { font-size: 1.6rem; margin: 0 0 1.25rem; }
  h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
`;

/** One dashboard page: its heading and its sections. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Frame>
      <h1>{title}</h1>
      {children}
    </Frame>
  );
}

/** An inline, unobtrusive note that an action did not go through. */
export const InlineError = styled.p`
  color: ${theme.colors.danger};
  font-size: 0.9rem;
  margin: 0.35rem 0 0;
`;
