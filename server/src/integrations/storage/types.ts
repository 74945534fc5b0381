import type { Readable } from 'node:stream';

/** A stored object as read back: its bytes as a stream, its type and size. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where customers' photos live (DESIGN §4: local disk by default, S3-compatible object storage by configuration).
 * Keys are ours (`photos/<yyyymm>/<random>.jpg`); a put either stores the whole object or nothing.
 */
export interface PhotoStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser or the mini program loads it: `/uploads/<key>` on this site, or the bucket's public address. */
  url(key: string): string;
}

/** Our keys only: lower-case letters, digits, `/`, `_`, `-`, one `.jpg`; never `..` or a leading `/`. */
export const KEY_PATTERN = /^photos\/[0-9]{6}\/[a-z0-9_-]{10,80}\.jpg$/;

export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`storage: not a photo key: ${JSON.stringify(key)}`);
  return key;
}

/** The path photos are served under on this site (local storage, or S3 without a public address). */
export const UPLOADS_PATH = '/uploads/';
