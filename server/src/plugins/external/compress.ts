import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD } from '../../cache/answer-cache';

/**
 * API answers and files without a precompressed copy, above 1 KB, by Accept-Encoding (@fastify/compress). Registered
 * after the ETag hook: the ETag is the hash of the answer itself. Reads answered from the answer cache compress once
 * themselves (plugins/app/cached-answer.ts, FROM_MEMORY).
 */
export const compressPlugin = fp(async function compress(app) {
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD });
});
