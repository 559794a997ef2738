import { media, theme } from '@liveedu/ui';
import styled from 'styled-components';

/**
 * The bell's dropdown panel: across the top of a phone's screen, under the bell on a wider one.
 * A labelled region (`aria-label`), not a menu: it holds links and buttons in reading order.
 */
export const MenuBox = styled.section.attrs({ role: 'region' })`
  position: fixed;
  top: 3.5rem;
  left: 0.5rem;
  right: 0.5rem;
  z-index: 110;
  max-height: min(32rem, calc(100vh - 5rem));
  overflow-y: auto;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  ${media.md} {
    position: absolute;
    top: calc(100% + 0.5rem);
    left: auto;
    right: 0;
    width: 24rem;
  }
`;
