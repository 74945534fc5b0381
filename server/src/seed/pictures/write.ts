import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../config';
import { seedPictures } from '.';

/**
 * Writes the seed's pictures to server/public/img/ (served at /img/). Run after changing the seed's restaurants,
 * cuisines or marketing data: `npx tsx server/src/seed/pictures/write.ts`. A server test checks they match.
 */
export const PUBLIC_DIR = fromRoot('server/public');

function run() {
  const dir = path.join(PUBLIC_DIR, 'img');
  fs.rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  const files = seedPictures();
  for (const [urlPath, content] of files) {
    const file = path.join(PUBLIC_DIR, urlPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    bytes += content.length;
  }
  console.log(`Wrote ${files.size} pictures (${Math.round(bytes / 1024)} KB) to ${dir}`);
}

if (require.main === module) run();
