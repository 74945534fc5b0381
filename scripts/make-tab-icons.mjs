// Draws the mini program tab bar icons (81x81 PNG, grey and red) so no binary tool is needed to change them.
import fs from 'node:fs';
import zlib from 'node:zlib';

const SIZE = 81;
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(inside, [r, g, b]) {
  const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0;
    for (let x = 0; x < SIZE; x++) {
      const o = y * (SIZE * 4 + 1) + 1 + x * 4;
      const on = inside(x / SIZE, y / SIZE);
      raw.set(on ? [r, g, b, 255] : [0, 0, 0, 0], o);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
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
