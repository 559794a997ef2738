import styled from 'styled-components';

/** A page inside the profile frame: the frame gives the width, this gives the heading rhythm. */
export const Panel = styled.section`
  h2 { font-size: 1.5rem; margin: 0 0 1rem; }
`;
