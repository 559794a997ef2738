import { describe, expect, it } from 'vitest';
import { pageDocument } from './document.ts';
import { headTags } from './page-head.ts';

const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><title>LiveEdu</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

describe('the head of a page rendered on the server', () => {
  it('writes the title, description, canonical address and shared-link tags, escaped', () => {
    const tags = headTags(
      {
        title: 'A & B "quoted" <b>',
        description: 'Learn <fast>',
        path: '/viewCouse/1?x=1&y=2',
        image: '/files/a.png',
      },
      'https://liveedu.example',
    );
    expect(tags).toContain('<title>A &amp; B &quot;quoted&quot; &lt;b&gt;</title>');
    expect(tags).toContain('<meta name="description" content="Learn &lt;fast&gt;" />');
    expect(tags).toContain('<link rel="canonical" href="https://liveedu.example/viewCouse/1?x=1&amp;y=2" />');
    expect(tags).toContain('<meta property="og:image" content="https://liveedu.example/files/a.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('keeps JSON-LD from closing its script element', () => {
    const tags = headTags(
      { title: 't', description: 'd', path: '/', jsonLd: [{ name: '</script><script>alert(1)</script>' }] },
      'https://liveedu.example',
    );
    expect(tags).not.toContain('</script><script>');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(tags)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it("puts the page, its styles and its answers into the host's page", () => {
    const html = pageDocument(TEMPLATE, {
      head: { title: 'Courses', description: 'All of them', path: '/courses' },
      origin: 'https://liveedu.example',
      styles: '<style data-styled="true">.a{}</style>',
      html: '<main>hello</main>',
      answers: [{ key: ['catalog', 'courses'], data: { title: '</script>' }, updatedAt: 1 }],
    });
    expect(html).not.toContain('<title>LiveEdu</title>');
    expect(html).toContain('<title>Courses</title>');
    expect(html.indexOf('<style data-styled')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain(
      '<div id="root"><main>hello</main></div><script type="application/json" id="liveedu-answers">',
    );
    expect(html).toContain('<script defer src="/main.js"></script>');
    expect(html).not.toContain('"</script>"');
  });

  it('refuses a template with no empty root to render into', () => {
    expect(() =>
      pageDocument('<html><head><title>x</title></head><body></body></html>', {
        head: { title: 't', description: 'd', path: '/' },
        origin: 'https://liveedu.example',
        styles: '',
        html: '',
        answers: [],
      }),
    ).toThrow(/#root/);
  });
});
