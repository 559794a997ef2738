import { theme } from '@liveedu/ui';
import styled from 'styled-components';

export const Page = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;
`;

export const Section = styled.section`
  margin: 2.5rem 0;
  h2 { font-size: 1.6rem; margin: 0 0 1rem; }
`;
