import { describe, expect, it } from 'vitest';
import { renderPostMarkdownLater } from './post-markdown-later.ts';
import { renderMarkdown, renderPostMarkdown } from './render.ts';

describe("a tutor's Markdown", () => {
  it('renders headings, emphasis, lists and code', () => {
    const html = renderMarkdown('Intro.\n\n## Title\n\nSome **bold** and `code`.\n\n- one\n- two\n');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>two</li>');
  });

  it('shows raw HTML as text, never as elements', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps http(s) links, opening in a new tab, and drops other schemes', () => {
    const html = renderMarkdown(
      '[site](https://example.com) [bad](javascript:alert(1)) [data](data:text/html,x)',
    );
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="data:');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('keeps pictures only from http(s) addresses', () => {
    expect(renderMarkdown('![a](https://example.com/a.png)')).toContain('src="https://example.com/a.png"');
    expect(renderMarkdown('![a](data:image/png;base64,AAAA)')).not.toContain('<img');
  });
});

describe("a learner's post", () => {
  it('marks every link as user-generated and keeps out script and other schemes', () => {
    const html = renderPostMarkdown(
      'See [docs](https://example.com) <script>alert(1)</script> [x](javascript:alert(1)) https://auto.example',
    );
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript:');
    expect(html.match(/<a /g)).toHaveLength(2);
  });

  it('is rendered the same where the server loads the parser with the first post', async () => {
    const source = 'A [link](https://example.com) and <b>raw</b> and [bad](javascript:x)\n\n- item';
    expect(await renderPostMarkdownLater(source)).toBe(renderPostMarkdown(source));
    expect(await renderPostMarkdownLater('**again**')).toBe(renderPostMarkdown('**again**'));
  });
});
