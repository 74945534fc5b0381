// Draws the mini program tab bar icons (81x81 PNG, grey and red) so no binary tool is needed to change them.
import fs from 'node:fs';
import { squarePng } from './png.mjs';

const SIZE = 81;
const png = (inside, [r, g, b]) =>
  squarePng(SIZE, (x, y) => (inside(x / SIZE, y / SIZE) ? [r, g, b, 255] : [0, 0, 0, 0]));
const shapes = {
  // a house: roof triangle and a body with a door
  home: (x, y) =>
    (y >= 0.12 && y <= 0.5 && Math.abs(x - 0.5) <= (y - 0.12) * 1.1) ||
    (y > 0.45 && y <= 0.86 && x >= 0.24 && x <= 0.76 && !(x > 0.43 && x < 0.57 && y > 0.62)),
  // a receipt with three lines
  orders: (x, y) =>
    x >= 0.22 &&
    x <= 0.78 &&
    y >= 0.12 &&
    y <= 0.88 &&
    !(x > 0.32 && x < 0.68 && [0.3, 0.48, 0.66].some((l) => y > l && y < l + 0.07)),
  // a person: head and shoulders
  mine: (x, y) =>
    (x - 0.5) ** 2 + (y - 0.32) ** 2 <= 0.032 ||
    (y >= 0.58 && y <= 0.88 && (x - 0.5) ** 2 / 0.09 + (y - 0.9) ** 2 / 0.1 <= 1),
};
for (const [name, inside] of Object.entries(shapes)) {
  fs.writeFileSync(new URL(`../src/assets/tab/${name}.png`, import.meta.url), png(inside, [122, 126, 131]));
  fs.writeFileSync(new URL(`../src/assets/tab/${name}-on.png`, import.meta.url), png(inside, [228, 57, 60]));
}
