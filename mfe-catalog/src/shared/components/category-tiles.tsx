import type { Category } from '@liveedu/api-client';
import { flatPanel, gridList, ResponsiveImage, theme } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';

export const Tiles = styled.ul`
  ${gridList({ base: 2, md: 3, lg: 4 })}
  a {
    display: flex;
    flex-direction: column;
    height: 100%;
    ${flatPanel}
    overflow: hidden;
    color: ${theme.colors.ink};
    text-decoration: none;
    font-weight: 600;
  }
  a:hover { border-color: ${theme.colors.primary}; }
  img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: #e5e7eb; }
  span { padding: 0.6rem 0.8rem; }
  .more { align-items: center; justify-content: center; min-height: 120px; color: ${theme.colors.primary}; }
`;

export function CategoryTiles({
  categories,
  seeMore = false,
}: {
  categories: Category[];
  seeMore?: boolean;
}) {
  return (
    <Tiles>
      {categories.map((c) => (
        <li key={c._id}>
          <Link to={`/courses/${encodeURIComponent(c.title)}`}>
            <ResponsiveImage
              src={c.img}
              alt=""
              sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"
            />
            <span>{c.title}</span>
          </Link>
        </li>
      ))}
      {seeMore ? (
        <li>
          <Link to="/categories" className="more">
            {/* The spec's words, said in full to screen readers and search engines. */}
            <span>
              See More<span className="visually-hidden"> categories</span>
            </span>
          </Link>
        </li>
      ) : null}
    </Tiles>
  );
}
