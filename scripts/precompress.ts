/** `npm run build:h5` ends with this: brotli and gzip copies of the built site's files (server/src/precompress.ts). */
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { precompressDir } from '../server/src/precompress';

const dir = path.resolve(ROOT_DIR, process.argv[2] ?? 'dist/h5');
const t = precompressDir(dir);
console.log(
  `precompressed ${t.files} files in ${path.relative(ROOT_DIR, dir)}: ${t.raw} B -> brotli ${t.brotli} B, gzip ${t.gzip} B`,
);
