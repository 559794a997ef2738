/**
 * Cover images drawn at seed time (there is no image bank to fetch from): a gradient, a motif
 * for the subject and the title, as SVG rendered to PNG.
 */

export type Motif =
  | 'code'
  | 'chart'
  | 'phone'
  | 'brackets'
  | 'network'
  | 'cloud'
  | 'shield'
  | 'palette'
  | 'briefcase'
  | 'megaphone'
  | 'camera'
  | 'music'
  | 'growth'
  | 'coins';

const MOTIFS: Record<Motif, string> = {
  code: '<path d="M-60 -40 L-110 0 L-60 40 M60 -40 L110 0 L60 40 M25 -60 L-25 60" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  chart:
    '<rect x="-100" y="10" width="40" height="60" rx="6"/><rect x="-40" y="-30" width="40" height="100" rx="6"/><rect x="20" y="-70" width="40" height="140" rx="6"/><path d="M-110 -20 L-40 -70 L10 -50 L100 -110" stroke-width="10" fill="none"/>',
  phone:
    '<rect x="-55" y="-95" width="110" height="190" rx="18" fill="none" stroke-width="12"/><circle cx="0" cy="70" r="9"/><rect x="-30" y="-80" width="60" height="8" rx="4"/>',
  brackets:
    '<path d="M-40 -90 Q-80 -90 -80 -50 L-80 -20 Q-80 0 -100 0 Q-80 0 -80 20 L-80 50 Q-80 90 -40 90 M40 -90 Q80 -90 80 -50 L80 -20 Q80 0 100 0 Q80 0 80 20 L80 50 Q80 90 40 90" stroke-width="14" fill="none" stroke-linecap="round"/>',
  network:
    '<circle cx="0" cy="0" r="22"/><circle cx="-90" cy="-60" r="16"/><circle cx="90" cy="-60" r="16"/><circle cx="-90" cy="60" r="16"/><circle cx="90" cy="60" r="16"/><circle cx="0" cy="-100" r="12"/><path d="M0 0 L-90 -60 M0 0 L90 -60 M0 0 L-90 60 M0 0 L90 60 M0 0 L0 -100 M-90 -60 L0 -100 L90 -60" stroke-width="6" fill="none"/>',
  cloud:
    '<path d="M-90 50 Q-130 50 -130 15 Q-130 -20 -90 -20 Q-85 -75 -25 -75 Q25 -75 40 -35 Q100 -45 110 10 Q130 50 80 50 Z"/>',
  shield:
    '<path d="M0 -100 L85 -65 Q85 40 0 100 Q-85 40 -85 -65 Z" fill="none" stroke-width="14"/><path d="M-35 0 L-8 28 L40 -30" stroke-width="14" fill="none" stroke-linecap="round"/>',
  palette:
    '<path d="M0 -95 Q100 -95 100 -5 Q100 40 55 40 Q25 40 35 70 Q40 100 0 95 Q-100 90 -100 0 Q-100 -95 0 -95 Z" fill="none" stroke-width="12"/><circle cx="-45" cy="-25" r="14"/><circle cx="0" cy="-55" r="14"/><circle cx="48" cy="-35" r="14"/><circle cx="-50" cy="30" r="14"/>',
  briefcase:
    '<rect x="-100" y="-45" width="200" height="130" rx="16" fill="none" stroke-width="12"/><path d="M-35 -45 L-35 -75 L35 -75 L35 -45 M-100 10 L100 10" stroke-width="12" fill="none"/>',
  megaphone:
    '<path d="M-90 -30 L-20 -30 L80 -90 L80 90 L-20 30 L-90 30 Z" fill="none" stroke-width="12" stroke-linejoin="round"/><path d="M-60 30 L-45 90 L-15 90 L-25 30" stroke-width="10" fill="none"/>',
  camera:
    '<rect x="-110" y="-60" width="220" height="150" rx="18" fill="none" stroke-width="12"/><circle cx="0" cy="15" r="45" fill="none" stroke-width="12"/><rect x="-40" y="-90" width="80" height="30" rx="8"/>',
  music:
    '<path d="M-40 60 L-40 -80 L80 -100 L80 40" stroke-width="12" fill="none"/><ellipse cx="-65" cy="62" rx="28" ry="22"/><ellipse cx="55" cy="42" rx="28" ry="22"/>',
  growth:
    '<path d="M-110 80 L-50 20 L-10 50 L90 -60" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M40 -70 L100 -70 L100 -10" stroke-width="14" fill="none" stroke-linecap="round"/>',
  coins:
    '<ellipse cx="-30" cy="50" rx="70" ry="22" fill="none" stroke-width="10"/><ellipse cx="-30" cy="15" rx="70" ry="22" fill="none" stroke-width="10"/><ellipse cx="-30" cy="-20" rx="70" ry="22" fill="none" stroke-width="10"/><circle cx="70" cy="-50" r="40" fill="none" stroke-width="10"/>',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Splits a title into at most two lines of about `width` characters. */
function lines(title: string, width: number): string[] {
  const words = title.split(/\s+/);
  const out: string[] = [''];
  for (const word of words) {
    const current = out[out.length - 1]!;
    if (current.length > 0 && current.length + word.length + 1 > width) {
      if (out.length === 2) {
        out[1] = `${current}…`;
        break;
      }
      out.push(word);
    } else {
      out[out.length - 1] = current ? `${current} ${word}` : word;
    }
  }
  return out;
}

export interface CoverDesign {
  title: string;
  subtitle?: string;
  colors: [string, string];
  motif: Motif;
}

export function coverSvg(design: CoverDesign, width = 640, height = 360): string {
  const [from, to] = design.colors;
  const titleLines = lines(design.title, 20);
  const titleSize = 40;
  const text = titleLines
    .map(
      (line, i) =>
        `<text x="40" y="${height - 60 - (titleLines.length - 1 - i) * (titleSize + 8)}" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  const subtitle = design.subtitle
    ? `<text x="40" y="${height - 24}" font-size="20" opacity="0.85">${escapeXml(design.subtitle)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 40}" cy="30" r="150" fill="#ffffff" opacity="0.08"/>
<circle cx="${width - 150}" cy="${height + 20}" r="110" fill="#ffffff" opacity="0.06"/>
<g transform="translate(${width - 130} ${Math.round(height / 2) - 70}) scale(0.75)" fill="#ffffff" stroke="#ffffff" opacity="0.9">${MOTIFS[design.motif]}</g>
<g fill="#ffffff" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">${text}${subtitle}</g>
</svg>`;
}

const rendered = new Map<string, Promise<Buffer>>();

/** The cover as PNG; the same design is drawn once per process. */
export function renderCover(design: CoverDesign, width?: number, height?: number): Promise<Buffer> {
  const svg = coverSvg(design, width, height);
  let png = rendered.get(svg);
  if (!png) {
    // sharp (libvips) is loaded by the first cover drawn, not by every start of the catalog.
    png = import('sharp').then(({ default: sharp }) =>
      sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
    );
    rendered.set(svg, png);
    png.catch(() => rendered.delete(svg));
  }
  return png;
}
