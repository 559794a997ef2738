// Compressed copies of a production build's text files, written once at build time.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|cjs|css|html|json|svg|txt|xml)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli, best) and `<file>.gz` (gzip, best) beside each text file a build
 * emits, so the gateway (`@fastify/static`'s `preCompressed`) and nginx (`gzip_static`) send
 * them with no work per request. A copy that is not smaller is not written: the file itself is
 * then sent. (compression-webpack-plugin does the same but needs webpack itself installed.)
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputDir = compilation.outputOptions.path;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => precompress(path.join(outputDir, name))));
    });
  }
}

async function precompress(file) {
  const text = await readFile(file);
  if (text.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
    gzipped(text, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < text.length) await writeFile(`${file}.br`, br);
  if (gz.length < text.length) await writeFile(`${file}.gz`, gz);
}
