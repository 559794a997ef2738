import { flatPanel } from '@liveedu/ui';
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
