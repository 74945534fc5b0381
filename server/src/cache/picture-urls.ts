import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../config';

/** Where the site's pictures are served: the seed's drawings (server/public/img, seed/pictures/write.ts). */
export const PICTURES_PREFIX = '/img/';

/** A picture's version in its URL: the first 10 hex digits of the SHA-256 of its bytes (`/img/dish/x.<hash>.svg`). */
const HASHED = /^(.+)\.([0-9a-f]{10})(\.[a-z0-9]+)$/;

export interface SitePicture {
  body: Buffer;
  hash: string;
  type: string;
}

/** What a request for a picture path finds: the picture, and whether the URL names exactly these bytes. */
export interface FoundPicture {
  picture: SitePicture;
  /** The URL carries this picture's current hash: the bytes behind it never change (cached for a year). */
  exact: boolean;
}

export interface SitePictures {
  /** The URL to hand out for a stored picture path: with its content hash when it is one of ours; else as it is. */
  url(stored: string): string;
  /** The picture a path under /img/ names (`dish/x.svg`, or `dish/x.<hash>.svg`, any hash); null when none. */
  find(relative: string): FoundPicture | null;
}

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg' };

/**
 * The site's pictures, read once with their content hashes, so that a picture's URL changes when its bytes do
 * (a redrawn seed picture gets a new URL and is never shown stale) and may be cached as immutable. Stored rows keep
 * the plain paths (`/img/dish/x.svg`); answers carry the hashed ones. Plain paths and hashes of an earlier drawing
 * still answer, with the current bytes (clients' caches, old answers).
 */
export function loadSitePictures(dir: string): SitePictures {
  const pictures = new Map<string, SitePicture>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else {
        const type = TYPES[path.extname(entry.name)];
        if (!type) continue;
        // A name that already looks hashed would be read as another picture's version.
        if (HASHED.test(rel)) throw new Error(`site pictures: ${rel} looks like a hashed name; rename it`);
        const body = fs.readFileSync(path.join(dir, rel));
        pictures.set(rel, { body, type, hash: createHash('sha256').update(body).digest('hex').slice(0, 10) });
      }
    }
  };
  if (fs.existsSync(dir)) walk('');
  return {
    url(stored) {
      if (!stored.startsWith(PICTURES_PREFIX)) return stored;
      const rel = stored.slice(PICTURES_PREFIX.length);
      const picture = pictures.get(rel);
      if (!picture) return stored;
      const ext = path.extname(rel);
      return `${PICTURES_PREFIX}${rel.slice(0, -ext.length)}.${picture.hash}${ext}`;
    },
    find(relative) {
      const plain = pictures.get(relative);
      if (plain) return { picture: plain, exact: false };
      const m = HASHED.exec(relative);
      const picture = m ? pictures.get(`${m[1]}${m[3]}`) : undefined;
      return picture ? { picture, exact: picture.hash === m![2] } : null;
    },
  };
}

let shared: SitePictures | undefined;

/** The pictures of server/public/img, read on first use (the pictures plugin asks at start). */
export function sitePictures(): SitePictures {
  return (shared ??= loadSitePictures(fromRoot('server/public/img')));
}

/** A stored picture path as answers give it (see SitePictures.url). */
export function pictureUrl(stored: string): string {
  return sitePictures().url(stored);
}
