import { flatPanel, theme } from '@liveedu/ui';
import styled from 'styled-components';

/** One page inside the profile frame: a heading and its content. */
export const PageSection = styled.section`
  h2 { margin: 0 0 1rem; font-size: 1.5rem; }
  & + & { margin-top: 2rem; }
`;

export const Panel = styled.div`
  ${flatPanel}
  padding: 1.25rem;
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  margin-bottom: 1rem;
  label { font-weight: 600; }
  input, textarea {
    padding: 0.55rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    background: ${theme.colors.surface};
    color: ${theme.colors.ink};
  }
  input[readonly] { background: #f3f4f6; color: ${theme.colors.muted}; }
`;
