import { describe, expect, it } from 'vitest';
import { clock, notesAsMarkdown } from './domain.ts';

describe('notes as Markdown', () => {
  it('heads each item with its title and orders its notes by time in the video', () => {
    const markdown = notesAsMarkdown('Intro to *Go*', [
      { itemId: 'a', itemTitle: 'Setup', atSec: 75, text: 'install the toolchain' },
      { itemId: 'b', itemTitle: 'Reading', text: 'a note\non two lines' },
      { itemId: 'a', itemTitle: 'Setup', atSec: 3, text: 'first' },
    ]);
    expect(markdown).toBe(
      [
        '# Notes: Intro to \\*Go\\*',
        '',
        '## Setup',
        '',
        '- **0:03** first',
        '- **1:15** install the toolchain',
        '',
        '## Reading',
        '',
        '- a note',
        '  on two lines',
        '',
      ].join('\n'),
    );
  });

  it('says so when there are none', () => {
    expect(notesAsMarkdown(null, [])).toContain('_No notes yet._');
  });

  it('writes hours only when needed', () => {
    expect(clock(3723.9)).toBe('1:02:03');
    expect(clock(59)).toBe('0:59');
  });
});
