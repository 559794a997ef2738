import styled from 'styled-components';

/** How rendered Markdown reads: headings, code, quotes, tables and pictures kept inside the column. */
export const Prose = styled.div`
  line-height: 1.6;
  overflow-wrap: anywhere;
  h1, h2, h3 { line-height: 1.25; margin: 1.2em 0 0.5em; }
  pre { overflow-x: auto; padding: 0.75rem; border-radius: 6px; background: rgba(0, 0, 0, 0.05); }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
  img { max-width: 100%; height: auto; }
  blockquote { margin: 0; padding-left: 1rem; border-left: 3px solid rgba(0, 0, 0, 0.2); }
  table { border-collapse: collapse; }
  th, td { border: 1px solid rgba(0, 0, 0, 0.2); padding: 0.25rem 0.5rem; }
`;
