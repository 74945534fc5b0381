import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './config';

const SOURCES = ['src', 'config', 'types', 'package.json', 'project.config.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when index.html is missing or older than any source of the site. */
export function siteIsStale(siteDir: string): boolean {
  const index = path.join(siteDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT_DIR, s)) > built);
}

export function buildSite(): Promise<void> {
  return new Promise((resolve, reject) => {
    const taro = path.join(ROOT_DIR, 'node_modules', '.bin', 'taro');
    const child = spawn(taro, ['build', '--type', 'h5'], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`H5 build failed (exit ${code})`))));
  });
}
