import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './config';
import { precompressDir } from './precompress';

const SOURCES = ['src', 'config', 'types', 'package.json', 'project.config.json', 'babel.config.js'];

export type BuildTarget = 'h5' | 'weapp';

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const MARKER: Record<BuildTarget, string> = { h5: 'index.html', weapp: 'app.json' };

/** True when the build output is missing or older than any source of the app. */
export function buildIsStale(outDir: string, target: BuildTarget = 'h5'): boolean {
  const marker = path.join(outDir, MARKER[target]);
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT_DIR, s)) > built);
}

const TARO_CLI = path.join(ROOT_DIR, 'node_modules', '.bin', 'taro');

/**
 * Whether this install can build the app: the Taro CLI is a devDependency, so a production install
 * (`npm ci --omit=dev`) serves the site built before it and never builds.
 */
export function canBuildApp(): boolean {
  return fs.existsSync(TARO_CLI);
}

/** Runs `taro build --type <target>` into dist/<target>; the H5 site then gets its brotli and gzip copies. */
export function buildApp(target: BuildTarget = 'h5'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TARO_CLI, ['build', '--type', target], {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${target} build failed (exit ${code})`));
      if (target === 'h5') precompressDir(path.join(ROOT_DIR, 'dist', 'h5'));
      resolve();
    });
  });
}
