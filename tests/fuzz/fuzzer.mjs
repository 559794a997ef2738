// Where Schemathesis lives on this machine: a virtual environment per pinned version, kept in the
// user's cache so a fresh clone reuses it. Plain Node, because the bootstrap reads it before
// anything is installed; `requirements.txt` beside this file pins the version.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const requirementsFile = join(here, 'requirements.txt');

/** `schemathesis==4.32.5` → `schemathesis-4.32.5`: one folder per pinned version. */
function folderName() {
  const pin = readFileSync(requirementsFile, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('schemathesis=='));
  if (!pin) throw new Error(`${requirementsFile} does not pin schemathesis`);
  return pin.trim().replace('==', '-');
}

export const fuzzerHome = () => join(homedir(), '.cache', 'liveedu', folderName());
/** Written last by the install, so a half-made environment is made again. */
export const fuzzerMarker = () => join(fuzzerHome(), '.installed');
export const fuzzerBin = () => process.env.SCHEMATHESIS_BIN || join(fuzzerHome(), 'bin', 'schemathesis');
export const fuzzerInstalled = () => Boolean(process.env.SCHEMATHESIS_BIN) || existsSync(fuzzerMarker());
