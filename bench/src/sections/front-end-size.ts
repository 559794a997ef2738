/** The initial JavaScript of the home page and of each remote's entry, against the budget. */
import { BUDGET_KB, homePage, type Measured, remoteEntry } from '../front-end.ts';
import type { Mode } from '../modes.ts';
import { notTaken, type Section } from '../report.ts';

export async function frontEndSize(
  repoRoot: string,
  mode: Mode,
  buildError: string | null,
): Promise<Section> {
  const built: Measured[] = [
    await homePage(repoRoot),
    remoteEntry(repoRoot, 'mfe-catalog', 'catalog entry'),
    remoteEntry(repoRoot, 'mfe-learner', 'learner entry'),
    remoteEntry(repoRoot, 'mfe-tutor', 'tutor entry'),
    remoteEntry(repoRoot, 'mfe-admin', 'admin entry'),
  ];
  const buildNote = buildError
    ? ` (the build failed: ${buildError})`
    : mode.buildFrontEnd
      ? ''
      : ' (smoke mode does not build; it measures what is in dist/)';
  return {
    id: 'front-end',
    title: 'Front end',
    about: `initial JavaScript, minified and gzipped (level 9), from the production builds${buildNote}; home page = host start-up JS + catalog remote entry + home page chunk (scripts/bundle-size.mjs); an entry = remoteEntry.js + the exposed module's start-up chunks`,
    columns: ['min+gz', `of ${BUDGET_KB} kB budget`],
    rows: built.map((m) => ({
      name: m.name,
      cells:
        m.kb === null
          ? {
              'min+gz': notTaken(`${m.reason ?? 'not measured'}${buildNote}`),
              [`of ${BUDGET_KB} kB budget`]: notTaken(`${m.reason ?? 'not measured'}${buildNote}`),
            }
          : {
              'min+gz': { median: m.kb, unit: 'kB' },
              [`of ${BUDGET_KB} kB budget`]: {
                median: (m.kb / BUDGET_KB) * 100,
                unit: '%',
                note: m.kb <= BUDGET_KB ? '(within)' : '(OVER)',
              },
            },
    })),
  };
}
