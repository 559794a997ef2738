import { Markdown } from '@liveedu/markdown';
import { flatPanel } from '@liveedu/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Article = styled.article`
  ${flatPanel}
  padding: 1.25rem 1.5rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.5rem; overflow-wrap: anywhere; }
`;

/** An article lesson: its Markdown, sanitised, and under it what marks it done. */
export function ArticleView({ title, body, done }: { title: string; body: string; done: ReactNode }) {
  return (
    <Article aria-labelledby="lesson-title">
      <h2 id="lesson-title">{title}</h2>
      <Markdown source={body} />
      {done}
    </Article>
  );
}
