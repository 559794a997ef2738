import type { Review } from '@liveedu/api-client';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewsCarousel } from './reviews-carousel.tsx';

const review = (username: string, avatar: string) =>
  ({ _id: username, rating: 5, comment: `Loved it, ${username}`, user: { username, avatar } }) as Review;

describe('the reviews carousel', () => {
  it("shows each reviewer's picture, or their initial when they have none", () => {
    render(
      <ReviewsCarousel
        reviews={[review('asha', ''), review('ravi', 'https://liveedu.test/files/avatars/ravi.png')]}
      />,
    );
    expect(screen.getByText('Loved it, asha')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Avatar of asha' }).textContent).toBe('a');
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(screen.getByText('Loved it, ravi')).toBeTruthy();
    expect(screen.getByAltText('Avatar of ravi').getAttribute('src')).toBe(
      'https://liveedu.test/files/avatars/ravi.png',
    );
  });
});
