#!/usr/bin/env node
// Mini program package sizes of the existing build (dist/weapp): the main package (everything outside the
// sub-package roots of app.json) and each sub-package, in bytes and KB. Builds nothing; exits 1 without a build.
// Usage: node bench/weapp-size.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'weapp');
const MAIN_LIMIT = 2 * 1024 * 1024; // WeChat's upload limits
const SUB_LIMIT = 2 * 1024 * 1024;

if (!fs.existsSync(path.join(DIST, 'app.json'))) {
  console.error(
    `${path.relative(process.cwd(), DIST) || DIST}/app.json is missing: run \`npx taro build --type weapp\` first.`,
  );
  process.exit(1);
}

const app = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'));
const roots = [...(app.subPackages ?? []), ...(app.subpackages ?? [])].map((p) => p.root.replace(/^\/+|\/+$/g, ''));

function files(dir, rel = '') {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return files(dir, child);
    return e.isFile() ? [child] : [];
  });
}

let main = 0;
const sub = new Map(roots.map((r) => [r, 0]));
for (const file of files(DIST)) {
  const bytes = fs.statSync(path.join(DIST, file)).size;
  const root = roots.find((r) => file.startsWith(`${r}/`));
  if (root === undefined) main += bytes;
  else sub.set(root, sub.get(root) + bytes);
}

const rows = [
  { package: 'main', bytes: main, limit: MAIN_LIMIT },
  ...roots.map((r) => ({ package: `${r}/`, bytes: sub.get(r), limit: SUB_LIMIT })),
];
const total = rows.reduce((n, r) => n + r.bytes, 0);

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({ dist: DIST, packages: rows.map(({ package: p, bytes }) => ({ package: p, bytes })), total }),
  );
} else {
  const kb = (b) => (b / 1024).toFixed(1);
  console.log(`weapp package sizes (${path.relative(process.cwd(), DIST) || DIST})`);
  console.log(`${'package'.padEnd(20)} ${'bytes'.padStart(10)} ${'KB'.padStart(9)} ${'of limit'.padStart(9)}`);
  for (const r of rows) {
    const share = `${((r.bytes / r.limit) * 100).toFixed(1)}%`;
    console.log(
      `${r.package.padEnd(20)} ${String(r.bytes).padStart(10)} ${kb(r.bytes).padStart(9)} ${share.padStart(9)}`,
    );
  }
  console.log(`${'total'.padEnd(20)} ${String(total).padStart(10)} ${kb(total).padStart(9)}`);
}
