import { theme } from '@liveedu/ui';
import styled from 'styled-components';

const Picture = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.border};
  flex: none;
`;

const Initial = styled.span<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: #e0e7ff;
  color: ${theme.colors.primaryDark};
  font-weight: 700;
  text-transform: uppercase;
`;

/** The user's picture, or their initial when they have not uploaded one (the default avatar is empty). */
export function Avatar({
  src,
  username,
  size = 44,
}: {
  src?: string | null;
  username: string;
  size?: number;
}) {
  const label = `Avatar of ${username}`;
  if (src) return <Picture src={src} alt={label} $size={size} loading="lazy" />;
  return (
    <Initial role="img" aria-label={label} $size={size}>
      {username.charAt(0)}
    </Initial>
  );
}
