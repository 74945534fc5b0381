import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of a built
 * site, once at build time, so the server sends compressed bytes without compressing per request
 * (plugins/external/static-site.ts serves them by Accept-Encoding). Small files and files that would not shrink are skipped.
 */
export function precompressDir(dir: string): { files: number; raw: number; brotli: number; gzip: number } {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || entry.name.endsWith('.LICENSE.txt')) continue;
      const body = fs.readFileSync(file);
      if (body.length < MIN_BYTES) continue;
      const br = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = zlib.gzipSync(body, { level: 9 });
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      totals.files += 1;
      totals.raw += body.length;
      totals.brotli += Math.min(br.length, body.length);
      totals.gzip += Math.min(gz.length, body.length);
    }
  };
  walk(dir);
  return totals;
}
