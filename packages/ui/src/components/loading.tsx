import styled, { keyframes } from 'styled-components';
import { theme } from '../theme.ts';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${theme.colors.border};
  border-top-color: ${theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
`;

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 2.5rem 1rem;
  color: ${theme.colors.muted};
`;

export function Spinner({ size = 28, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span role="status" aria-live="polite">
      <Ring $size={size} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A full-width loading block for a section or a page that is waiting for data. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center role="status" aria-live="polite">
      <Ring $size={36} aria-hidden="true" />
      <span>{label}</span>
    </Center>
  );
}

const shimmer = keyframes`0% { background-position: -200px 0; } 100% { background-position: 200px 0; }`;

export const Skeleton = styled.div<{ $height?: string }>`
  height: ${({ $height = '1rem' }) => $height};
  border-radius: 6px;
  background: linear-gradient(90deg, #eee 0px, #f5f5f5 40px, #eee 80px) #eee;
  background-size: 400px 100%;
  animation: ${shimmer} 1.2s linear infinite;
`;
