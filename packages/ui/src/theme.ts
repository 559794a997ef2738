import { createGlobalStyle } from 'styled-components';

export const theme = {
  colors: {
    primary: '#4f46e5',
    primaryDark: '#3730a3',
    primaryText: '#ffffff',
    ink: '#111827',
    muted: '#4b5563',
    border: '#e5e7eb',
    surface: '#ffffff',
    background: '#f9fafb',
    hero: '#1e1b4b',
    star: '#f59e0b',
    success: '#15803d',
    successBg: '#dcfce7',
    danger: '#b91c1c',
    dangerBg: '#fee2e2',
    warningBg: '#fef9c3',
    warning: '#854d0e',
  },
  radius: '10px',
  shadow: '0 1px 3px rgba(17, 24, 39, 0.12), 0 1px 2px rgba(17, 24, 39, 0.06)',
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  maxWidth: '1200px',
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
} as const;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    color: ${theme.colors.ink};
    background: ${theme.colors.background};
    line-height: 1.5;
  }
  img { max-width: 100%; display: block; }
  a { color: ${theme.colors.primary}; }
  button, input, textarea, select { font: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;
