import fs from 'node:fs';
import net from 'node:net';
import zlib from 'node:zlib';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Raw, gzip (level 9) and brotli (quality 11) sizes of a file, as a server sending precompressed files would. */
export function compressedSizes(file: string) {
  const buf = fs.readFileSync(file);
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((c): c is string => !!c && fs.existsSync(c));
  if (!found) throw new Error('No Chromium: install the Debian package chromium or set CHROMIUM_PATH');
  return found;
}
