import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller may name its request: a token of at most 128 visible characters, nothing a log line could misread. */
const ACCEPTED = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/**
 * Fastify's genReqId: the caller's `X-Request-Id` (a proxy's or a client's, so one id follows a request through
 * them) when it is a plain token, otherwise a new UUID. Fastify puts it on every line logged through the request's
 * logger (`reqId`); plugins/app/request-id.ts echoes it in the answer.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
