/** The results: sections of rows of cells, each a measured figure or a figure not taken and why. */

export type Cell =
  | { median: number; min?: number; max?: number; unit: string; note?: string }
  | { notTaken: string };

export interface Row {
  name: string;
  cells: Record<string, Cell>;
}

export interface Section {
  id: string;
  title: string;
  /** How to read it: what was measured, at which concurrency, through what. */
  about: string;
  columns: string[];
  rows: Row[];
}

export interface Results {
  mode: 'full' | 'smoke';
  startedAt: string;
  finishedAt: string;
  durationSec: number;
  machine: { cpus: number; node: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  method: string[];
  dataSet: Record<string, number | string>;
  timings: Record<string, number>;
  sections: Section[];
}

export const isTaken = (cell: Cell): cell is Extract<Cell, { median: number }> => 'median' in cell;

export function notTaken(reason: string): Cell {
  return { notTaken: reason };
}

const round = (n: number) => {
  if (Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  return n.toFixed(2);
};

export function formatCell(cell: Cell | undefined): string {
  if (!cell) return 'not taken: missing';
  if (!isTaken(cell)) return `not taken: ${cell.notTaken}`;
  const unit = cell.unit ? ` ${cell.unit}` : '';
  const range =
    cell.min !== undefined && cell.max !== undefined && (cell.min !== cell.median || cell.max !== cell.median)
      ? ` (${round(cell.min)}–${round(cell.max)})`
      : '';
  return `${round(cell.median)}${unit}${range}${cell.note ? ` ${cell.note}` : ''}`;
}

/** Plain text table per section; long "not taken" reasons are printed under their row. */
export function renderText(results: Results): string {
  const out: string[] = [];
  out.push(
    `LiveEdu bench (${results.mode}) ${results.startedAt}, ${results.durationSec.toFixed(0)} s, ` +
      `${results.machine.cpus} CPUs, Node ${results.machine.node}, load average at start ${results.machine.loadAverageAtStart
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  out.push(
    `data set: ${Object.entries(results.dataSet)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const line of results.method) out.push(`· ${line}`);
  for (const section of results.sections) {
    out.push('', `## ${section.title}`, section.about);
    const header = ['', ...section.columns];
    const body = section.rows.map((row) => {
      const cells = section.columns.map((column) => {
        const cell = row.cells[column];
        return cell && !isTaken(cell) ? 'not taken*' : formatCell(cell);
      });
      return [row.name, ...cells];
    });
    const widths = header.map((_, i) => Math.max(...[header, ...body].map((line) => (line[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
    out.push(line(header), widths.map((w) => '-'.repeat(w)).join('-|-'));
    for (const cells of body) out.push(line(cells));
    for (const row of section.rows) {
      for (const column of section.columns) {
        const cell = row.cells[column];
        if (cell && !isTaken(cell)) out.push(`  * ${row.name} / ${column}: not taken: ${cell.notTaken}`);
        if (!cell) out.push(`  * ${row.name} / ${column}: not taken: missing`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}

/** The same tables in Markdown, for the README. */
export function renderMarkdown(results: Results): string {
  const out: string[] = [];
  for (const section of results.sections) {
    out.push(`**${section.title}** — ${section.about}`, '');
    out.push(
      `| | ${section.columns.join(' | ')} |`,
      `| --- | ${section.columns.map(() => '---').join(' | ')} |`,
    );
    for (const row of section.rows) {
      out.push(
        `| ${row.name} | ${section.columns.map((c) => formatCell(row.cells[c]).replace(/\|/g, '\\|')).join(' | ')} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
