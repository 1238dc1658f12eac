/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build,
 * once the other plugins (the service worker, the prerendered pages) have written theirs. The
 * server sends the copy the browser accepts (`preCompressed` in server/http/static-pwa.ts), so a
 * first visit on a weak signal gets the smallest bytes and nothing is compressed per request;
 * on-the-fly compression is then only for API answers (a fast, lower quality).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `file.br` and `file.gz` beside each text file of `dir` they make smaller. */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const file of filesUnder(dir)) {
    if (!TEXT_FILE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotli += Math.min(brotli.length, body.length);
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'comonsit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Sequential and last: after the service worker and the prerendered pages are written.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const { files, bytes, brotli } = precompressDir(outDir);
        this.info(
          `precompressed ${files} files: ${Math.round(bytes / 1024)} KB → ${Math.round(brotli / 1024)} KB brotli`,
        );
      },
    },
  };
}
