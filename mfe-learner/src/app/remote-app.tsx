import { EmptyState, ErrorState, theme } from '@liveedu/ui';
import { NavLink, Route, Routes, useParams } from 'react-router';
import styled from 'styled-components';
import { PAGES, type PageInfo } from './routes.ts';

const Frame = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;
  nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; padding: 0; }
  nav a.active { font-weight: 700; }
`;

function Placeholder({ title }: { title: string }) {
  const params = useParams();
  const shown = Object.entries(params).filter(([k]) => k !== '*');
  return (
    <section>
      <h2>{title}</h2>
      {shown.length ? (
        <p>
          {shown.map(([k, v]) => (
            <span key={k}>
              {k}: <code>{v}</code>{' '}
            </span>
          ))}
        </p>
      ) : null}
      <EmptyState message="This page is being built and opens here soon." />
    </section>
  );
}

function Area({ info }: { info: PageInfo }) {
  if (!info.nested) {
    return (
      <Frame>
        <h1>{info.title}</h1>
        <Placeholder title={info.title} />
      </Frame>
    );
  }
  return (
    <Frame>
      <h1>{info.title}</h1>
      <nav aria-label="Learner area">
        <ul>
          {info.nested.map((n) => (
            <li key={n.path || 'index'}>
              <NavLink to={n.path} end>
                {n.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        {info.nested.map((n) =>
          n.path === '' ? (
            <Route key="index" index element={<Placeholder title={n.title} />} />
          ) : (
            <Route key={n.path} path={n.path} element={<Placeholder title={n.title} />} />
          ),
        )}
        <Route path="*" element={<ErrorState message="There is no such page here." />} />
      </Routes>
    </Frame>
  );
}

/** The one exposed entry: the host renders it with the name of the page its route asks for. */
export default function LearnerApp({ page }: { page: string }) {
  const info = PAGES[page];
  if (!info) return <ErrorState message={`The learner area has no page named “${page}”.`} />;
  return <Area info={info} />;
}
