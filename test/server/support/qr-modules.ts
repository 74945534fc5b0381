import QRCode from 'qrcode';

/**
 * Reads the dark modules back out of an SVG drawn by the qrcode library (a path of `M x y` moves and `h n` / `m dx
 * dy` runs on the half-module line), so a test can compare them with QRCode.create(text): equal modules mean a
 * scanner reads exactly `text`. Returns rows of booleans without the quiet zone.
 */
export function svgModules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) throw new Error('not a qrcode SVG');
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (cmd === 'M') [x, y] = [n[0]!, n[1]!];
    else if (cmd === 'm') [x, y] = [x + n[0]!, y + n[1]!];
    else {
      const end = cmd === 'h' ? x + n[0]! : n[0]!;
      for (let i = x; i < end; i++) grid[Math.floor(y)]![i] = true;
      x = end;
    }
  }
  // The quiet zone is light all round and the top-left finder pattern starts dark: crop to the symbol.
  const top = grid.findIndex((r) => r.some(Boolean));
  const left = Math.min(...grid.map((r) => r.indexOf(true)).filter((i) => i >= 0));
  const symbol = size - 2 * top;
  return grid.slice(top, top + symbol).map((r) => r.slice(left, left + symbol));
}

/** The modules a correct QR code of text has (the library's own encoder, error correction M as the server uses). */
export function expectedModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) =>
    Array.from({ length: modules.size }, (_, c) => !!modules.get(r, c)),
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
