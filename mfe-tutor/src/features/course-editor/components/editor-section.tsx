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
`;

/**
 * A panel of the update page under the course's form (announcements, live classes, quizzes and
 * assignments): its heading, what it is for, and its form and list.
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
