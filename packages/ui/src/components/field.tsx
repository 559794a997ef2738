import styled from 'styled-components';
import { theme } from '../theme.ts';

/** A form field: its label stacked above its control (an input, a textarea or a select). */
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  margin-bottom: 1rem;
  label { font-weight: 600; }
  input, textarea, select {
    padding: 0.55rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    background: ${theme.colors.surface};
    color: ${theme.colors.ink};
  }
  input[readonly] { background: #f3f4f6; color: ${theme.colors.muted}; }
  textarea { min-height: 5rem; resize: vertical; }
`;
