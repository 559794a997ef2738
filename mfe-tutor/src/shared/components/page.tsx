import { theme } from '@liveedu/ui';
import styled from 'styled-components';

/** The width and padding of a page of its own (the course editor). */
export const Page = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;
`;

/** A page inside the profile frame: the frame gives the width, this gives the heading rhythm. */
export const Panel = styled.section`
  h2 { font-size: 1.5rem; margin: 0 0 1rem; }
`;
