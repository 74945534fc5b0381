// H5 first-load bytes: the JS and CSS that dist/h5/index.html loads, raw and gzipped. Builds nothing.
//   node bench/h5-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'dist', 'h5');
const index = path.join(dir, 'index.html');
if (!fs.existsSync(index)) {
  console.error('dist/h5/index.html is missing: run npm run build:h5 first');
  process.exit(1);
}
const html = fs.readFileSync(index, 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let raw = 0;
let gz = 0;
console.log('file'.padEnd(40), 'bytes'.padStart(10), 'gzip'.padStart(10));
for (const asset of ['index.html', ...assets]) {
  const buf = fs.readFileSync(path.join(dir, asset));
  const g = zlib.gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  console.log(asset.padEnd(40), String(buf.length).padStart(10), String(g).padStart(10));
}
console.log(
  'first load'.padEnd(40),
  String(raw).padStart(10),
  String(gz).padStart(10),
  `(${(gz / 1024).toFixed(1)} KB gzip)`,
);
