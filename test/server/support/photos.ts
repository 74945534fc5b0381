import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Api, CallOptions } from './api';

/** A multipart/form-data body: fields first, then the files (each under its field name). */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field?: string; name: string; type?: string; data: Buffer }>,
) {
  const boundary = `----szeat${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST uploadphoto with one file (and extra fields), through the test's api (answers typed as uploadphoto's). */
export function upload(
  api: Api,
  file: { name: string; type?: string; data: Buffer; field?: string },
  o: CallOptions & { fields?: Record<string, string> } = {},
) {
  const body = multipart(o.fields ?? { kind: 'review' }, [file]);
  const { fields: _fields, ...call } = o;
  return api.request('POST', 'uploadphoto', {
    ...call,
    payload: body.payload,
    headers: { ...call.headers, 'content-type': body.contentType },
  });
}

/** A photo as a phone takes it: JPEG, EXIF orientation 6 (turned), camera make and GPS position. */
export const phonePhoto = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c8642d' } })
    .jpeg({ quality: 80 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'SzeatCam', Model: 'Model-GPS-Test' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '22/1 32/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '114/1 3/1 0/1',
        },
      },
    })
    .toBuffer();

export const pngPicture = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const webpPicture = () =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: '#3366cc' } })
    .webp()
    .toBuffer();

/** The sandbox content check's marker: an all-magenta picture is refused (risky). */
export const markerPicture = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff00ff' } })
    .jpeg()
    .toBuffer();

/** A JPEG that is also a web page: markup in a comment segment right after the start marker. */
export async function polyglot(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const text = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from([(text.length + 2) >> 8, (text.length + 2) & 255]),
    text,
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A picture bomb: a valid PNG of a few hundred bytes declaring 50,000 × 50,000 pixels. */
export function pictureBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // A few rows of zeros, compressed: the rest is "missing", which only decoding would find.
  const idat = zlib.deflateSync(Buffer.alloc(6251 * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HEIC file's start (ftyp box, brand heic): recognised by its bytes, not readable by the image library here. */
export const heicStart = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'ascii'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'ascii'),
    randomBytes(64),
  ]);

/** Every file under a directory (relative paths), or [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
