import { Button, bareList } from '@liveedu/ui';
import styled from 'styled-components';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-top: 1rem;
  p { margin: 0 1rem 0 0; font-weight: 600; }
  ul { display: flex; flex-wrap: wrap; gap: 0.35rem; ${bareList} }
`;

/** 'Page x of y' and one button a page; nothing at all when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Bar aria-label="Pages">
      <p>
        Page {page} of {pages}
      </p>
      <ul>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Button
              type="button"
              $variant={n === page ? 'primary' : 'secondary'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
