// Compiled into the top of every server (build-server.mjs injects it): a stack trace names the
// TypeScript line of our own code. Only the server's own map is read, when the first stack trace
// needs it. Node's --enable-source-maps, used before, parses and keeps the map of every
// dependency that ships one as it loads (5 to 9 MiB in each process at rest).
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Inside the compiled file this is the file itself: dist/server.mjs.
const bundleUrl = import.meta.url;
const bundlePath = fileURLToPath(bundleUrl);

/** The server's own map: undefined until first asked for, null when it has none. */
let ownMap;

function readOwnMap() {
  if (ownMap === undefined) {
    try {
      ownMap = new SourceMap(JSON.parse(readFileSync(`${bundlePath}.map`, 'utf8')));
    } catch {
      ownMap = null;
    }
  }
  return ownMap;
}

/** `file:line:column` of the source a frame of the compiled file came from, or null. */
function originalPlace(frame) {
  const file = frame.getFileName();
  if (file !== bundleUrl && file !== bundlePath) return null;
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  const map = line && column ? readOwnMap() : null;
  const entry = map?.findEntry(line - 1, column - 1);
  if (!entry?.originalSource) return null;
  const source = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(bundlePath), entry.originalSource);
  return {
    generated: `${file}:${line}:${column}`,
    original: `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  };
}

function describeFrame(frame) {
  const text = String(frame);
  const place = originalPlace(frame);
  return place ? text.replace(place.generated, place.original) : text;
}

Error.prepareStackTrace = (error, frames) => {
  let head;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = '<error>';
  }
  return head + frames.map((frame) => `\n    at ${describeFrame(frame)}`).join('');
};
