/**
 * What a customer's picture becomes before it is stored: recognised by its bytes (file-type), never by its name or
 * the type the client claims; decoded with a pixel limit (a small file declaring huge dimensions is refused before it
 * is decoded); re-encoded with sharp (orientation applied, every metadata block dropped: GPS, camera, comments,
 * anything appended) into a display copy and a square thumbnail, both JPEG. Pure: no storage, no database.
 */

/** Formats read (by their bytes). */
const READABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
/** The largest picture decoded: 40 megapixels (phones take up to about 50; a 12 MP photo is well inside). */
export const MAX_PIXELS = 40_000_000;
export const DISPLAY_SIZE = 1280;
export const THUMB_SIZE = 320;

export type PictureProblem = 'empty' | 'not_picture' | 'heic' | 'too_many_pixels' | 'unreadable';

export class PictureError extends Error {
  constructor(
    readonly problem: PictureProblem,
    readonly params: Record<string, number> = {},
  ) {
    super(problem);
    this.name = 'PictureError';
  }
}

export interface Picture {
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Markup or script inside a picture file (an image that is also an HTML page, SVG or script: a polyglot). A photo's
 * compressed data containing one of these ASCII words by chance is far less likely than any real upload; such a
 * file is refused rather than cleaned.
 */
const MARKUP = ['<script', '<html', '<svg', '<?php', '<!doctype', '<iframe', '<body', '<?xml', 'javascript:'];
export function hasMarkup(bytes: Buffer): boolean {
  // latin1 keeps one character per byte, so lower-casing cannot shift what is found.
  const text = bytes.toString('latin1').toLowerCase();
  return MARKUP.some((m) => text.includes(m));
}

export async function processPicture(bytes: Buffer): Promise<Picture> {
  if (bytes.length === 0) throw new PictureError('empty');
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const type = await fileTypeFromBuffer(bytes);
  if (type && HEIF.has(type.mime)) {
    // The prebuilt image library reads AVIF but not HEVC-coded HEIC: say which formats work.
    const heic = sharp.format.heif.input.fileSuffix ?? [];
    if (!heic.includes('.heic')) throw new PictureError('heic');
  } else if (!type || !READABLE.has(type.mime)) {
    throw new PictureError('not_picture');
  }
  if (hasMarkup(bytes)) throw new PictureError('not_picture');

  const options = { limitInputPixels: MAX_PIXELS, failOn: 'warning' as const, sequentialRead: true };
  let meta;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError('unreadable');
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PIXELS) {
    throw new PictureError('too_many_pixels', { width, height, max: MAX_PIXELS / 1_000_000 });
  }
  if (width === 0 || height === 0) throw new PictureError('unreadable');
  try {
    const display = await sharp(bytes, options)
      .rotate()
      .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display.data)
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover' })
      .jpeg({ quality: 76, mozjpeg: true })
      .toBuffer();
    return { display: display.data, thumb, width: display.info.width, height: display.info.height };
  } catch {
    throw new PictureError('unreadable');
  }
}
