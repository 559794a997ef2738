/** How a lesson's link is played: YouTube pages are embedded, anything else is a video file. */
export type VideoSource =
  | { kind: 'youtube'; embedUrl: string }
  | { kind: 'file'; url: string }
  | { kind: 'none' };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtu.be',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host) && host !== 'www.youtube-nocookie.com') return null;
  let id: string | null = null;
  if (host.endsWith('youtu.be')) id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (url.pathname === '/watch') id = url.searchParams.get('v');
  else {
    const match = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
    id = match?.[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function videoSource(link: string | undefined | null): VideoSource {
  const value = (link ?? '').trim();
  if (!value) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  const id = youtubeId(url);
  if (id) return { kind: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
  return { kind: 'file', url: url.href };
}
