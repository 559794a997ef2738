import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';
import { ResponsiveImage } from './responsive-image.tsx';

const Initial = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.42)}px;
  text-transform: uppercase;
`;

const Picture = styled(ResponsiveImage)<{ $size: number }>`
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.border};
`;

/** The user's picture; a user without one (the default) or with a broken link gets their initial. */
export function Avatar({
  src,
  username,
  size = 44,
}: {
  src?: string | null;
  username: string;
  size?: number;
}) {
  // Remembers which address failed, so a new address is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = `Avatar of ${username}`;
  if (!src || failedSrc === src) {
    return (
      <Initial $size={size} role="img" aria-label={label}>
        {username.trim().charAt(0) || '?'}
      </Initial>
    );
  }
  return <Picture $size={size} src={src} alt={label} sizes={`${size}px`} onError={() => setFailedSrc(src)} />;
}
