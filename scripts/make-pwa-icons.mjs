// Draws the H5 web app icons of src/assets/pwa (the manifest's 192 and 512 px, and a maskable 512 px with the mark
// inside the safe zone) from the favicon's drawing: a red rounded square with a white bowl. No binary tool needed:
// `node scripts/make-pwa-icons.mjs` writes them again. 4x4 samples per pixel smooth the edges.
import fs from 'node:fs';
import { squarePng } from './png.mjs';

const RED = [207, 44, 47];
const WHITE = [255, 255, 255];

/** `colour(x, y)` in the favicon's 40 x 40 units: [r, g, b] or null for transparent; S x S samples per pixel. */
function png(size, colour) {
  const S = 4;
  return squarePng(
    size,
    (px, py) => {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const c = colour(((px + (sx + 0.5) / S) / size) * 40, ((py + (sy + 0.5) / S) / size) * 40);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      return a
        ? [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((a / (S * S)) * 255)]
        : [0, 0, 0, 0];
    },
    { level: 9 },
  );
}

/** The bowl of the favicon (M11 22h18a9 9 0 0 1-18 0z), scaled by k about the centre. */
const bowl = (x, y, k = 1) => {
  const u = 20 + (x - 20) / k;
  const v = 20 + (y - 20) / k;
  return v >= 22 && (u - 20) ** 2 + (v - 22) ** 2 <= 81;
};
/** Inside a rounded square of 40 units with corners of radius 10. */
const rounded = (x, y) => {
  const cx = Math.min(Math.max(x, 10), 30);
  const cy = Math.min(Math.max(y, 10), 30);
  return (x - cx) ** 2 + (y - cy) ** 2 <= 100;
};

const icon = (x, y) => (rounded(x, y) ? (bowl(x, y) ? WHITE : RED) : null);
// Maskable: the whole square filled (the launcher cuts its own shape), the bowl within the central 80% safe zone.
const maskable = (x, y) => (bowl(x, y, 0.8) ? WHITE : RED);

const out = (name) => new URL(`../src/assets/pwa/${name}`, import.meta.url);
fs.writeFileSync(out('icon-192.png'), png(192, icon));
fs.writeFileSync(out('icon-512.png'), png(512, icon));
fs.writeFileSync(out('icon-maskable-512.png'), png(512, maskable));
