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
 * - Live classes connect to the media server (`LIVEKIT_PUBLIC_URL`): its WebSocket and the same
 *   host over http(s), which the client asks when a connection fails.
 * - `frame-ancestors 'none'`: no other site may frame ours (clickjacking).
 */
export interface PolicySources {
  /** Razorpay's checkout script (or the sandbox's). */
  checkoutUrl?: string;
  /** Remote manifests the host loads (absolute when served from another origin). */
  remoteUrls: Record<string, string>;
  /** Where browsers upload video parts (object storage), when not this origin. */
  uploadOrigins: string[];
  /** The live classes' media server browsers connect to (ws, wss, http or https). */
  liveMediaUrl?: string;
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

const SOCKET_SCHEMES: Record<string, string> = {
  'ws:': 'http:',
  'wss:': 'https:',
  'http:': 'ws:',
  'https:': 'wss:',
};

/** A media server's origin as configured, then as the other scheme pair (socket or http(s)): the client uses both. */
const socketOriginsOf = (url: string | undefined): string[] => {
  if (!url || !/^(wss?|https?):\/\//i.test(url)) return [];
  try {
    const { protocol, host } = new URL(url);
    const other = SOCKET_SCHEMES[protocol];
    return [`${protocol}//${host}`, `${other}//${host}`];
  } catch {
    return [];
  }
};

const unique = (values: Array<string | undefined>) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

/** The origins a policy names, already worked out (or placeholders a server fills in at start). */
export interface PolicyOrigins {
  checkout: string[];
  /** Where the checkout opens its frame (Razorpay's API origin besides its script's). */
  checkoutFrames: string[];
  remotes: string[];
  uploads: string[];
  /** The live classes' media server, as a socket and as http(s). */
  live: string[];
}

function policyOf(origins: PolicyOrigins): string {
  const directives: Record<string, Array<string | undefined>> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...origins.checkout, ...origins.remotes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...origins.remotes, ...origins.uploads, ...origins.checkout, ...origins.live],
    'media-src': ["'self'", 'blob:', 'https:', 'http:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [...origins.checkoutFrames, YOUTUBE_EMBED],
    'form-action': ["'self'", ...origins.checkout],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${unique(values).join(' ')}`)
    .join('; ');
}

export function contentSecurityPolicy(sources: PolicySources): string {
  const checkout = originOf(sources.checkoutUrl);
  return policyOf({
    checkout: unique([checkout]),
    checkoutFrames: unique(checkout?.endsWith('razorpay.com') ? [checkout, ...RAZORPAY_FRAMES] : [checkout]),
    remotes: unique(Object.values(sources.remoteUrls).map(originOf)),
    uploads: unique(sources.uploadOrigins.map(originOf)),
    live: socketOriginsOf(sources.liveMediaUrl),
  });
}

/**
 * Features the site's own pages may use (camera, microphone and screen sharing in a live class)
 * and those no page uses, turned off for it and anything it embeds.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), display-capture=(self), geolocation=(), usb=(), payment=(), interest-cohort=()';

/**
 * The same policy for a server that works the origins out at start (the host's nginx): the
 * variables named here hold them, separated by spaces (see `nginxPolicyVariables`).
 */
export const POLICY_VARIABLES = {
  checkout: 'CSP_CHECKOUT',
  checkoutFrames: 'CSP_CHECKOUT_FRAMES',
  remotes: 'CSP_REMOTES',
  uploads: 'CSP_UPLOADS',
  live: 'CSP_LIVE',
} as const;

/** The policy with `${CSP_…}` in place of each list of origins (nginx's templates fill them in). */
export function contentSecurityPolicyTemplate(): string {
  const placeholder = (name: string) => [`\${${name}}`];
  return policyOf({
    checkout: placeholder(POLICY_VARIABLES.checkout),
    checkoutFrames: placeholder(POLICY_VARIABLES.checkoutFrames),
    remotes: placeholder(POLICY_VARIABLES.remotes),
    uploads: placeholder(POLICY_VARIABLES.uploads),
    live: placeholder(POLICY_VARIABLES.live),
  });
}

/**
 * Shell that sets the variables of `contentSecurityPolicyTemplate` from the site's configuration
 * (`RAZORPAY_CHECKOUT_URL`, the remotes' URLs, `MEDIA_S3_UPLOAD_ENDPOINT`, `LIVEKIT_PUBLIC_URL`), as
 * `contentSecurityPolicy` works them out: an absolute http(s) URL gives its origin, anything else
 * (a path on this origin) nothing.
 */
export function policyVariablesScript(remoteVariables: readonly string[]): string {
  const origins = (vars: readonly string[]) => vars.map((v) => `$(origin "\${${v}:-}")`).join(' ');
  const frames = RAZORPAY_FRAMES.join(' ');
  const checkout = POLICY_VARIABLES.checkout;
  return [
    `origin() { case "$1" in http://*|https://*) printf '%s' "$1" | sed -E 's|^(https?://[^/?#]+).*|\\1|';; esac; }`,
    // Each origin once, in order, as the gateway's policy lists them.
    `once() { printf '%s\\n' $* | awk 'NF && !seen[$0]++' | tr '\\n' ' '; }`,
    `${checkout}=$(origin "\${RAZORPAY_CHECKOUT_URL:-}")`,
    `case "$${checkout}" in`,
    `  *razorpay.com) ${POLICY_VARIABLES.checkoutFrames}=$(once $${checkout} ${frames}) ;;`,
    `  *) ${POLICY_VARIABLES.checkoutFrames}="$${checkout}" ;;`,
    'esac',
    `${POLICY_VARIABLES.remotes}=$(once ${origins(remoteVariables)})`,
    `${POLICY_VARIABLES.uploads}=$(once ${origins(['MEDIA_S3_UPLOAD_ENDPOINT'])})`,
    // The media server as a socket and as http(s), in the order it is configured.
    `live() { o=$(printf '%s' "$1" | sed -nE 's#^(wss?|https?)://([^/?#]+).*#\\1 \\2#p'); [ -n "$o" ] || return 0; set -- $o; case "$1" in ws) printf 'ws://%s http://%s' "$2" "$2";; wss) printf 'wss://%s https://%s' "$2" "$2";; http) printf 'http://%s ws://%s' "$2" "$2";; https) printf 'https://%s wss://%s' "$2" "$2";; esac; }`,
    `${POLICY_VARIABLES.live}=$(live "\${LIVEKIT_PUBLIC_URL:-}")`,
    `export ${Object.values(POLICY_VARIABLES).join(' ')}`,
  ].join('\n');
}
