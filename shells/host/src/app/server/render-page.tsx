import type { PageRequest, RenderedPage } from '@liveedu/contracts';
import { PAGE_ROUTES } from '@liveedu/platform-registry';
import { createQueryClient, readAnswers } from '@liveedu/query';
import { provideRemoteApp, type RemoteAppModule } from '@liveedu/remote-loader';
import { createSessionStore } from '@liveedu/session';
import type { Query, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { Providers } from '../providers.tsx';
import { AppRoutes } from '../router.tsx';
import { pageDocument } from './document.ts';

/** Renders with every lazy part loaded; resolves to the HTML. */
async function prerender(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { onError: (error) => void errors.push(error) });
  // A part that throws would be left for the browser to render: the page is not rendered here.
  if (errors.length > 0)
    throw new AggregateError(errors, 'A part of the page failed to render on the server');
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as unknown as AsyncIterable<Uint8Array | string>) {
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  html += decoder.decode();
  return html;
}

const MAX_PASSES = 4;

/** Renders into a sheet of its own, sealed after: the HTML and the style tags of what it rendered. */
async function collectingStyles(
  tree: ReactNode,
  render: (tree: ReactNode) => Promise<string>,
): Promise<{ html: string; styles: string }> {
  const sheet = new ServerStyleSheet();
  try {
    const html = await render(sheet.collectStyles(tree));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** Reads the server has not sent yet for what the last render asked for. */
function unread(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
    });
}

/**
 * The page's status from the reads that failed: a thing that is not there (or never could be, a
 * malformed id) is 404; a service that did not answer is 503, so crawlers come back later.
 */
function pageStatus(client: QueryClient): number {
  let status = 200;
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status !== 'error') continue;
    const failed = (query.state.error as { status?: number } | null)?.status ?? 0;
    if (failed >= 400 && failed < 500) return 404;
    status = 503;
  }
  return status;
}

/**
 * A public page as HTML: the page is rendered, the reads it asked for are sent, and it is
 * rendered again until it asks for nothing new (a course's reviews are asked for once the course
 * is there). The last render's HTML and styles go into the host's page with the page's head and
 * the answers, which the browser starts from when it hydrates. Null when no route of a remote
 * rendered on the server matches.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  const url = new URL(request.path, 'http://server.invalid');
  const match = matchRoutes([...PAGE_ROUTES], url.pathname)?.[0];
  const remote = match ? request.remotes[match.route.remote] : undefined;
  if (!match || !remote) return null;
  // The contract types the component loosely (it is shared with Node code); it is a React component.
  provideRemoteApp(match.route.remote, remote as RemoteAppModule);

  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const store = createSessionStore('/', request.apiOrigin);

  const tree = (
    <StrictMode>
      <Providers store={store} queryClient={client}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
  // Rendered until it asks for nothing new: each pass loads the lazy parts it reaches and the
  // reads it asked for.
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    await collectingStyles(tree, prerender);
    const reads = unread(client);
    if (reads.length === 0) break;
    await Promise.allSettled(reads.map((query) => query.fetch()));
  }
  // Everything is here now, so one render completes every part in place: nothing is left to be
  // streamed in later by an inline script (which the site's script policy would not run).
  const { html, styles } = await collectingStyles(tree, async (styled) => renderToString(styled));
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error('A part of the page was still loading when it was rendered');
  }

  const answers = readAnswers(client);
  const byKey = new Map(answers.map((answer) => [JSON.stringify(answer.key), answer.data]));
  const head = remote.pageHead({
    page: match.route.page,
    params: match.params,
    search: url.searchParams,
    origin: request.origin,
    read: (key) => byKey.get(JSON.stringify(key)),
  });
  return {
    status: pageStatus(client),
    html: pageDocument(request.template, { head, origin: request.origin, styles, html, answers }),
  };
}
