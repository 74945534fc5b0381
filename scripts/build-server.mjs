// Bundles the API server (server/src/main.ts and what it imports from server/ and types/) into one CommonJS file,
// dist/server/main.cjs. npm packages stay external (loaded from node_modules as installed) except those in BUNDLED:
// kysely is ~300 ES module files, which node loads one by one through its ESM loader (measured: a tenth of a
// start), TypeBox ~270 small CommonJS files; bundled, they are part of the one file. (Bundling every pure-JS
// package was measured too: a little less CPU, 7 MB more memory.) About a second; `npm start` runs it when a
// source is newer than the bundle.
//   node scripts/build-server.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server', 'main.cjs');
export const SERVER_MAP = `${SERVER_BUNDLE}.map`;
const SOURCES = ['server/src', 'types', 'src/route-table.json', 'package.json', 'scripts/build-server.mjs'];
const BUNDLED = ['kysely', '@sinclair/typebox'];

/** Every npm package external except BUNDLED (and what they import, which is nothing for these two). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path
        .split('/')
        .slice(0, args.path.startsWith('@') ? 2 : 1)
        .join('/');
      return BUNDLED.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
};

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
  // Loaded here, not at the top: `npm start` imports this file and needs esbuild only when the bundle is stale.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(ROOT, 'server', 'src', 'main.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [externalPackages],
    // Stack traces name the TypeScript sources: start.mjs reads this map (positions only, not a second copy of
    // every source) when the first stack trace is formatted. No sourceMappingURL comment, so node never loads it.
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'warning',
  });
  fs.renameSync(`${tmp}.map`, SERVER_MAP);
  fs.renameSync(tmp, SERVER_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`built ${path.relative(ROOT, SERVER_BUNDLE)} in ${Date.now() - t0} ms`);
}
