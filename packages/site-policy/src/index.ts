/**
 * The site's Content-Security-Policy, from what the configuration says it loads: its own origin,
 * the payment provider's checkout (its script, the frame it opens and the form it may post),
 * remotes served from elsewhere, and object storage the browser uploads video parts to.
 *
 * - No `unsafe-eval` and no inline scripts: every script is a file.
 * - `style-src 'unsafe-inline'`: styled-components writes each component's rules into `<style>`
 *   elements at run time (hashes cannot be known ahead of rendering). Styles cannot run code.
 * - `blob:` for media and workers: hls.js feeds the video element through Media Source Extensions
 *   (a `blob:` URL) and parses segments in a worker it makes from a `blob:`.
 * - Lessons that link a video elsewhere play it in a `<video>` (`media-src` any http(s) origin)
 *   or, for YouTube, in YouTube's privacy-enhanced embed (`frame-src`).
 * - `frame-ancestors 'none'`: no other site may frame ours (clickjacking).
 */
export interface PolicySources {
  /** Razorpay's checkout script (or the sandbox's). */
  checkoutUrl?: string;
  /** Remote manifests the host loads (absolute when served from another origin). */
  remoteUrls: Record<string, string>;
  /** Where browsers upload video parts (object storage), when not this origin. */
  uploadOrigins: string[];
}

/** Razorpay's checkout frame is served from its API origin. */
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
/** Where a lesson's YouTube link is embedded. */
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';

const originOf = (url: string | undefined): string | undefined => {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

const unique = (values: Array<string | undefined>) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

export function contentSecurityPolicy(sources: PolicySources): string {
  const checkout = originOf(sources.checkoutUrl);
  const remotes = Object.values(sources.remoteUrls).map(originOf);
  const frames = checkout?.endsWith('razorpay.com') ? [checkout, ...RAZORPAY_FRAMES] : [checkout];
  const directives: Record<string, Array<string | undefined>> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", checkout, ...remotes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...remotes, ...sources.uploadOrigins.map(originOf), checkout],
    'media-src': ["'self'", 'blob:', 'https:', 'http:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [...frames, YOUTUBE_EMBED],
    'form-action': ["'self'", checkout],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${unique(values).join(' ')}`)
    .join('; ');
}
