import styled from 'styled-components';

export const Section = styled.section`
  margin: 2.5rem 0;
  h2 { font-size: 1.6rem; margin: 0 0 1rem; }
`;
