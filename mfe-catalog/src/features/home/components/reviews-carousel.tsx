import type { Review } from '@liveedu/api-client';
import { Avatar, flatPanel, StarRating, theme } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ChevronIcon } from '../../../shared/components/icons.tsx';

export const AUTOPLAY_MS = 2000;

const Frame = styled.div`
  position: relative;
  ${flatPanel}
  padding: 2rem 3.5rem 1.25rem;
  text-align: center;
  min-height: 220px;
`;

const Slide = styled.figure`
  margin: 0;
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  blockquote { margin: 0; font-size: 1.1rem; font-style: italic; max-width: 60ch; }
  /* The reviewer's avatar above their name. */
  figcaption { display: grid; justify-items: center; }
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 0.5rem;
  transform: translateY(-50%);
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.ink};
  cursor: pointer;
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 0.25rem;
  margin-top: 1rem;
  /* A 24 px target around a 12 px dot. */
  button {
    width: 24px;
    height: 24px;
    border: 0;
    padding: 0;
    background: transparent;
    cursor: pointer;
  }
  button::before {
    content: '';
    display: block;
    width: 12px;
    height: 12px;
    margin: auto;
    border-radius: 50%;
    background: ${theme.colors.border};
  }
  button[aria-current='true']::before { background: ${theme.colors.primary}; }
`;

/** The top reviews, one at a time: advances every 2000 ms, with arrows and clickable dots. */
export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  const slides = reviews.slice(0, 4);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const current = slides[Math.min(index, count - 1)]!;
  return (
    <Frame
      aria-roledescription="carousel"
      aria-label="Reviews from our students"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Slide aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
        <StarRating value={current.rating} size="1.3rem" />
        <blockquote>{current.comment}</blockquote>
        <figcaption>
          <Avatar src={current.user?.avatar} username={current.user?.username ?? 'a student'} size={56} />
          <strong>{current.user?.username}</strong>
        </figcaption>
      </Slide>
      <Arrow
        type="button"
        $side="left"
        aria-label="Previous review"
        onClick={() => setIndex((i) => (i - 1 + count) % count)}
      >
        <ChevronIcon direction="left" />
      </Arrow>
      <Arrow
        type="button"
        $side="right"
        aria-label="Next review"
        onClick={() => setIndex((i) => (i + 1) % count)}
      >
        <ChevronIcon direction="right" />
      </Arrow>
      <Dots>
        {slides.map((r, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
            key={`${r.user?.username}-${i}`}
            type="button"
            aria-label={`Show review ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </Dots>
    </Frame>
  );
}
