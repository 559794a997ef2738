import { theme } from '@liveedu/ui';
import styled from 'styled-components';

const Body = styled.div`
  overflow-wrap: anywhere;
  > :first-child { margin-top: 0; }
  > :last-child { margin-bottom: 0; }
  pre { overflow-x: auto; padding: 0.6rem; border-radius: 8px; background: ${theme.colors.background}; }
  code { font-size: 0.9em; }
  img { max-width: 100%; }
`;

/**
 * A question's, an answer's or an announcement's body as the server rendered its Markdown: no raw
 * HTML, no script, links http(s) only and opened apart, so it is shown as it comes.
 */
export function PostBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the community service renders and cleans it
  return <Body dangerouslySetInnerHTML={{ __html: html }} />;
}
