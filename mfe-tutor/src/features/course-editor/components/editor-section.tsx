import { gridList, raisedPanel, theme } from '@liveedu/ui';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

const Box = styled.section`
  ${raisedPanel}
  padding: 1.25rem;
  margin-top: 1.5rem;
  h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  > p { color: ${theme.colors.muted}; margin: 0 0 1rem; }
  > ul { ${gridList({}, '0.75rem')} }
  > ul > li > * { padding: 0.75rem 1rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
  > ul h3 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
`;

/**
 * A panel of the update page under the course's form (announcements, live classes, quizzes and
 * assignments): its heading, what it is for, and its form and list, each item in a bordered box.
 */
export function EditorSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>{intro}</p>
      {children}
    </Box>
  );
}
