import { raisedPanel, theme } from '@liveedu/ui';
import styled from 'styled-components';

export const AuthCard = styled.section`
  max-width: 440px;
  margin: 3rem auto;
  padding: 2rem 1.5rem;
  ${raisedPanel}
  h1 { margin-top: 0; font-size: 1.6rem; }
  form { display: grid; gap: 0.9rem; }
  label { display: grid; gap: 0.3rem; font-weight: 500; }
  input {
    padding: 0.6rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
  .note { font-size: 0.85rem; color: ${theme.colors.muted}; }
`;
