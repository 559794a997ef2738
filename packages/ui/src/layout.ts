import styled, { css } from 'styled-components';
import { media, theme } from './theme.ts';

/** Columns of a grid from the smallest screen up: `base` on phones, then from each breakpoint. */
export interface GridColumns {
  base?: number;
  sm?: number;
  md?: number;
  lg?: number;
}

/** A list (`ul`, `ol`) with no bullets, indent or margin: the caller lays out its items. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const columns = (n: number) => `grid-template-columns: repeat(${n}, minmax(0, 1fr));`;

/**
 * A list (`ul`) laid out as a responsive grid with no bullets or indent: the shape every card
 * grid of the front end shares (course cards, category tiles, feature cards, todos).
 */
export function gridList({ base = 1, sm, md, lg }: GridColumns, gap = '1rem') {
  return css`
    ${bareList}
    display: grid;
    gap: ${gap};
    ${columns(base)}
    ${sm ? `${media.sm} { ${columns(sm)} }` : ''}
    ${md ? `${media.md} { ${columns(md)} }` : ''}
    ${lg ? `${media.lg} { ${columns(lg)} }` : ''}
  `;
}

/** The white panel of sections, tiles and tables: surface, border, radius. */
export const flatPanel = css`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
`;

/** The raised white panel of cards, charts and figures: a flat panel with the shadow. */
export const raisedPanel = css`
  ${flatPanel}
  box-shadow: ${theme.shadow};
`;

/** A page of its own (the catalog's pages, the course editor): the site's content width at most, centred. */
export const Page = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;
`;
