import fs from 'node:fs';
import path from 'node:path';

function files(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return files(dir, child);
    return e.isFile() ? [child] : [];
  });
}

/** Bytes of a built mini program: the main package (everything outside the sub-package roots) and the total. */
export function weappSizes(dist: string): { main: number; total: number } {
  const app = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8')) as {
    subPackages?: Array<{ root: string }>;
    subpackages?: Array<{ root: string }>;
  };
  const roots = [...(app.subPackages ?? []), ...(app.subpackages ?? [])].map((p) => p.root.replace(/^\/+|\/+$/g, ''));
  let main = 0;
  let total = 0;
  for (const file of files(dist)) {
    const bytes = fs.statSync(path.join(dist, file)).size;
    total += bytes;
    if (!roots.some((r) => file.startsWith(`${r}/`))) main += bytes;
  }
  return { main, total };
}
