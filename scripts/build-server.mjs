// Bundles the API server (server/src/main.ts and what it imports from server/ and types/) into one CommonJS file,
// dist/server/main.cjs, with every npm package left external (native modules such as better-sqlite3 and argon2
// stay as they are installed). About half a second; `npm start` runs it when a source is newer than the bundle.
//   node scripts/build-server.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server', 'main.cjs');
const SOURCES = ['server/src', 'types', 'src/route-table.json', 'package.json', 'scripts/build-server.mjs'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((n, e) => Math.max(n, newest(path.join(p, e))), stat.mtimeMs);
}

export function serverIsStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((s) => newest(path.join(ROOT, s)) > built);
}

export async function buildServer() {
  // Written beside and renamed, so a process starting meanwhile never loads half a file.
  const tmp = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(ROOT, 'server', 'src', 'main.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  fs.renameSync(tmp, SERVER_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`built ${path.relative(ROOT, SERVER_BUNDLE)} in ${Date.now() - t0} ms`);
}
