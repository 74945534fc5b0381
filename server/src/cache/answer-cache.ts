import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { VersionedCache } from './versioned-cache';

/**
 * Finished API answers (the serialised envelope as bytes, with its ETag) kept in memory per call, normalised
 * parameters and language, so a repeated read of a menu or a restaurant costs no building, serialising or hashing.
 *
 * - An answer belongs to the generation of the versioned cache it was built from: a write that bumps the data
 *   version (here, or in another process on the same database, noticed through cache_versions) drops it too.
 * - An answer that depends on the clock says until when it is right (`validUntil`, epoch ms of the app's clock) and
 *   is rebuilt after that. Answers that depend on the customer must never be put here (keys name no user).
 * - Concurrent first requests share one build; a failed build is not kept; bounded by entries and bytes (the least
 *   recently used dropped first: a hit moves its entry to the young end).
 * - Compressed copies (brotli, gzip) are made once per answer, on the first request that accepts them.
 */
export interface Answer {
  body: Buffer;
  /** Weak ETag: a hash of the uncompressed body. */
  etag: string;
  /** Epoch ms (the app's clock) from which the answer is right; -Infinity when it does not depend on the clock. */
  validFrom: number;
  /** Epoch ms from which the answer is out of date; Infinity when only data changes end it. */
  validUntil: number;
  /** Compressed copies, made on first use. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export type Encoding = 'br' | 'gzip';

export interface Built {
  /** The serialised answer (JSON text, as reply.serialize gives it). */
  body: string | Buffer | ArrayBuffer;
  /** What the answer says depends on the clock: it is right from validFrom (when it was built) to validUntil. */
  validFrom?: number;
  validUntil?: number;
}

export interface AnswerCacheOptions {
  /** The data the answers are built from: its generation ties them to the data version. */
  data: VersionedCache;
  /** The app's clock (what validUntil is measured in). */
  now(): number;
  maxEntries?: number;
  maxBytes?: number;
}

export interface AnswerCache {
  /** The answer of `key`, built once per data generation (concurrent callers share one build) and clock validity. */
  get(key: string, build: () => Promise<Built>): Promise<Answer>;
  /** The answer's body compressed with `encoding`, made once (kept with the answer). */
  encoded(answer: Answer, encoding: Encoding): Buffer;
  readonly size: number;
  /** Bytes held (bodies and compressed copies). */
  readonly bytes: number;
}

interface Entry {
  generation: number;
  pending: Promise<Answer>;
  answer?: Answer;
}

/** The weak ETag of an answer's bytes (what the ETag hook answers for answers built per request too). */
export const weakEtag = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Answers below this many bytes are sent as they are (@fastify/compress's threshold too: plugins/external/compress.ts). */
export const COMPRESS_THRESHOLD = 1024;

export function createAnswerCache({
  data,
  now,
  maxEntries = 2000,
  maxBytes = 64 * 1024 * 1024,
}: AnswerCacheOptions): AnswerCache {
  const entries = new Map<string, Entry>();
  /** Answers still held by an entry (their compressed copies count towards `bytes`). */
  const held = new WeakSet<Answer>();
  let bytes = 0;

  const sizeOf = (a: Answer | undefined) =>
    a ? a.body.length + (a.encoded.br?.length ?? 0) + (a.encoded.gzip?.length ?? 0) : 0;

  function drop(key: string, entry: Entry) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry.answer);
    if (entry.answer) held.delete(entry.answer);
  }

  function trim() {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return;
      drop(key, entry);
    }
  }

  function start(key: string, generation: number, build: () => Promise<Built>): Promise<Answer> {
    const old = entries.get(key);
    if (old) drop(key, old);
    const entry = { generation } as Entry;
    entries.set(key, entry);
    entry.pending = build().then(
      ({ body, validFrom = -Infinity, validUntil = Infinity }) => {
        const buf = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(body);
        const answer: Answer = {
          body: buf,
          etag: weakEtag(buf),
          validFrom,
          validUntil,
          encoded: {},
        };
        if (entries.get(key) === entry) {
          entry.answer = answer;
          held.add(answer);
          bytes += buf.length;
          trim();
        }
        return answer;
      },
      (err: unknown) => {
        drop(key, entry);
        throw err;
      },
    );
    trim();
    return entry.pending;
  }

  const rightNow = (a: Answer, t = now()) => a.validFrom <= t && t < a.validUntil;

  return {
    async get(key, build) {
      const generation = await data.generation();
      const entry = entries.get(key);
      const usable = entry && entry.generation === generation && (!entry.answer || rightNow(entry.answer));
      if (usable) {
        // A Map keeps insertion order and trim() drops from its start: a used entry goes to the end.
        entries.delete(key);
        entries.set(key, entry);
      }
      const answer = await (usable ? entry.pending : start(key, generation, build));
      // A build shared with a request of another moment may not answer this one: build again for now.
      return rightNow(answer) ? answer : start(key, generation, build);
    },
    encoded(answer, encoding) {
      let out = answer.encoded[encoding];
      if (!out) {
        out = compress(answer.body, encoding);
        answer.encoded[encoding] = out;
        if (held.has(answer)) {
          bytes += out.length;
          trim();
        }
      }
      return out;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** Brotli at a middling quality (made once per answer, so better than app.ts's per-request 4), or gzip. */
function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: 6,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, when accepted (a q of 0 refuses; `*`
 * stands for those not named); undefined for identity.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  // undefined: not named; else whether it is accepted.
  const said: { br?: boolean; gzip?: boolean; any?: boolean } = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') said.br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') said.gzip = accepted;
    else if (name === '*') said.any = accepted;
  }
  if (said.br ?? said.any) return 'br';
  if (said.gzip ?? said.any) return 'gzip';
  return undefined;
}
