import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * The id of the request being answered, for the lines logged outside its own logger: the services log through the
 * app's logger (they are built once, not per request), and `requestIdMixin` puts this id on those lines too.
 * plugins/app/request-id.ts runs the rest of each request inside it.
 */
export const requestScope = new AsyncLocalStorage<string>();

/**
 * pino's `mixin`: a line logged while a request is answered carries its `reqId`, unless its logger already binds one
 * (the request's own logger, `req.log`).
 */
export function requestIdMixin(_merge: object, _level: number, logger: { bindings(): Record<string, unknown> }) {
  const reqId = requestScope.getStore();
  return reqId === undefined || logger.bindings().reqId !== undefined ? {} : { reqId };
}
