import type { ReactNode } from 'react';

/** Line icons drawn inline, so they look the same wherever the page is shown (no emoji font needed). */
function Icon({ children, size = 28 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An icon of the given strokes, at the default size. */
const drawn = (strokes: ReactNode) => () => <Icon>{strokes}</Icon>;

export const BookIcon = drawn(
  <>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
    <path d="M8 7h8M8 11h6" />
  </>,
);

export const RupeeIcon = drawn(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 7h8M8 10.5h8M10 7c4 0 4 7 0 7H8.5l6 4" />
  </>,
);

export const ClockIcon = drawn(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);

export const VideoIcon = drawn(
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="M16 10l6-3v10l-6-3z" />
  </>,
);

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Icon size={20}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </Icon>
  );
}
