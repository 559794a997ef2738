import { theme } from '@liveedu/ui';
import { css } from 'styled-components';

/** The column a learner's page stands in: as wide as the site's content at most, centred, with room around. */
export const pageColumn = css`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2.5rem;
`;
