/** How notes read outside the player: a Markdown file of a course's notes. No I/O. */

export const MAX_NOTE_LENGTH = 5_000;

export interface ExportedNote {
  itemId: string;
  itemTitle: string;
  atSec?: number;
  text: string;
}

/** `75.4` → `1:15`; an hour or more → `1:02:03`. */
export function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A title on one line, its Markdown characters taken literally. */
const literal = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\`*_[\]#<>])/g, '\\$1');

/**
 * A course's notes as Markdown: the course's title, then each item's notes under its title (items
 * in the order their first note was written), each note with its time in the video when it has one.
 */
export function notesAsMarkdown(courseTitle: string | null, notes: readonly ExportedNote[]): string {
  const lines = [courseTitle === null ? '# Notes' : `# Notes: ${literal(courseTitle)}`, ''];
  if (notes.length === 0) lines.push('_No notes yet._', '');
  const items = new Map<string, ExportedNote[]>();
  for (const note of notes) items.set(note.itemId, [...(items.get(note.itemId) ?? []), note]);
  for (const list of items.values()) {
    lines.push(`## ${literal(list[0]?.itemTitle ?? '')}`, '');
    const sorted = [...list].sort((a, b) => (a.atSec ?? -1) - (b.atSec ?? -1));
    for (const note of sorted) {
      const at = note.atSec === undefined ? '' : `**${clock(note.atSec)}** `;
      const [first = '', ...rest] = note.text.split(/\r?\n/);
      lines.push(`- ${at}${first}`, ...rest.map((line) => `  ${line}`));
    }
    lines.push('');
  }
  return lines.join('\n');
}
