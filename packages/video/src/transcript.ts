/** A WebVTT file read as a transcript: each cue's start and end, in seconds, and its text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})/;

/** `01:02:03.500` or `02:03.500` in seconds. */
function secondsOf(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The cues of a WebVTT file, in order; markup tags are dropped from their text. */
export function parseCues(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const [, from, to] = TIMING.exec(lines[at]!)!;
    const text = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (text) cues.push({ start: secondsOf(from!), end: secondsOf(to!), text });
  }
  return cues;
}

/** The cue being spoken at `time`, as an index into `cues` (-1 between cues). */
export function cueAt(cues: readonly Cue[], time: number): number {
  return cues.findIndex((cue) => time >= cue.start && time < cue.end);
}

const NAMES: Record<string, string> = {
  en: 'English',
  hi: 'Hindi',
  bn: 'Bengali',
  ta: 'Tamil',
  te: 'Telugu',
  mr: 'Marathi',
  gu: 'Gujarati',
  kn: 'Kannada',
  ml: 'Malayalam',
  pa: 'Punjabi',
  ur: 'Urdu',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

/** A captions language as people read it: `hi` → Hindi; an unknown code stays as it is. */
export const languageName = (lang: string) => NAMES[lang.split('-')[0]!] ?? lang;

/** The languages a tutor picks captions from, by code. */
export const CAPTION_LANGUAGES = Object.keys(NAMES);
