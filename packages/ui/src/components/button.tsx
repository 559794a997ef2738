import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { theme } from '../theme.ts';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) { background: ${theme.colors.primaryDark}; }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) { background: #eef2ff; }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    border-color: ${theme.colors.danger};
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.ink};
    border-color: transparent;
  `,
};

const base = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  padding: 0.55rem 1rem;
  border: 1px solid;
  border-radius: 8px;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  min-height: 40px;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export const Button = styled.button<{ $variant?: Variant }>`
  ${base}
`;

/** Link styles for an anchor or a router Link that should look like a button. */
export const buttonStyles = base;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<{ $variant?: Variant }>`
  ${base}
`;
