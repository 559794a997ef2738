import { useId, useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';

const Row = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${theme.colors.star};
  line-height: 1;
`;

const Star = styled.span<{ $fill: number }>`
  position: relative;
  display: inline-block;
  color: #d1d5db;
  &::before {
    content: '★';
    position: absolute;
    inset: 0;
    width: ${({ $fill }) => Math.round($fill * 100)}%;
    overflow: hidden;
    color: ${theme.colors.star};
  }
`;

/** Five stars filled to the given average (0 to 5), read out as text. */
export function StarRating({ value, size = '1rem' }: { value: number; size?: string }) {
  const clamped = Math.max(0, Math.min(5, Number.isFinite(value) ? value : 0));
  return (
    <Row role="img" aria-label={`Rated ${clamped.toFixed(1)} out of 5`} style={{ fontSize: size }}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} $fill={Math.max(0, Math.min(1, clamped - i))} aria-hidden="true">
          ★
        </Star>
      ))}
    </Row>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: inline-flex;
  gap: 4px;
  legend { font-weight: 600; margin-bottom: 0.25rem; }
  label { cursor: pointer; font-size: 1.75rem; color: #d1d5db; }
  label[data-on='true'] { color: ${theme.colors.star}; }
  input:focus-visible + label { outline: 3px solid ${theme.colors.primary}; border-radius: 4px; }
`;

/** A 1-to-5 star picker built from radio buttons, so it works with the keyboard and screen readers. */
export function StarRatingInput({
  value,
  onChange,
  label = 'Rating',
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <Fieldset onMouseLeave={() => setHover(0)}>
      <legend>{label}</legend>
      <span style={{ display: 'inline-flex' }}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n}>
            <input
              className="visually-hidden"
              type="radio"
              id={`${name}-${n}`}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <label htmlFor={`${name}-${n}`} data-on={n <= shown} onMouseEnter={() => setHover(n)}>
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {n} star{n > 1 ? 's' : ''}
              </span>
            </label>
          </span>
        ))}
      </span>
    </Fieldset>
  );
}
