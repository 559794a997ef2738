/** Prints a results file's tables in Markdown, for the README: `tsx bench/readme-table.ts <file>`. */
import { readFileSync } from 'node:fs';
import { type Results, renderMarkdown } from './src/report.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: tsx bench/readme-table.ts bench/results/<date>.json\n');
  process.exit(2);
}
process.stdout.write(renderMarkdown(JSON.parse(readFileSync(file, 'utf8')) as Results));
