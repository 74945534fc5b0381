import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, HttpStatusOf, type ErrorCodeValue } from '../../../../types/errors';
import { isUniqueViolation } from '../../db/constraints';
import { AppError } from '../../errors';
import type { MessageKey, MessageParams } from '../../i18n/messages';
import { validationMessage } from './validation-message';

export const API_PREFIX = '/api/szeat';

/** Success envelope; handlers return it so the response schema can check `data`. */
export function ok<T>(req: FastifyRequest, data: T) {
  return { code: ErrorCode.Ok, msg: req.t('ok'), data };
}

function send(reply: FastifyReply, code: ErrorCodeValue, msg: string, data: Record<string, unknown> | null = null) {
  return reply.status(HttpStatusOf[code]).send({ code, msg, data });
}

function sendKey(req: FastifyRequest, reply: FastifyReply, code: ErrorCodeValue, key: MessageKey, p?: MessageParams) {
  return send(reply, code, req.t(key, p));
}

/**
 * Every error leaves as `{code, msg, data: null}` with a status that mirrors its class, in the request's language.
 * Unknown errors are logged and answered with 1500; their details never reach the customer.
 */
// A named function: for an anonymous one fastify-plugin reads a stack trace (slow at start) to name the plugin.
export const envelopePlugin = fp(async function envelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return send(reply, error.code, req.t(error.key, error.params), error.data);
    const fe = error as FastifyError;
    if (fe.validation) {
      return send(reply, ErrorCode.Validation, validationMessage(req, fe.validation, fe.validationContext));
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendKey(req, reply, ErrorCode.Validation, 'error.bad_json');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.status(413).send({ code: ErrorCode.Validation, msg: req.t('error.body_too_large'), data: null });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ code: ErrorCode.Validation, msg: req.t('error.unsupported_media'), data: null });
    }
    // A static file the site does not have (or a directory, which it never lists) is simply not found.
    if (fe.statusCode === 404 || (fe.statusCode === 403 && !req.url.startsWith(API_PREFIX)))
      return reply.callNotFound();
    if (fe.statusCode === 429) return sendKey(req, reply, ErrorCode.RateLimited, 'error.rate_limited');
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      req.log.info({ err: fe }, 'client error');
      return send(reply, ErrorCode.Validation, req.t('validation.invalid', { field: 'request' }));
    }
    // Uniqueness is a constraint: any violation a service did not answer more precisely is a conflict (1005).
    if (isUniqueViolation(error)) return sendKey(req, reply, ErrorCode.Conflict, 'error.conflict');
    req.log.error({ err: error }, 'unhandled error');
    return sendKey(req, reply, ErrorCode.Internal, 'error.internal');
  });
});

/** Unknown API paths answer a 404 envelope; everything else is left to the site (see static-site.ts). */
export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  return sendKey(req, reply, ErrorCode.NotFound, 'error.api_not_found', { path: req.url.split('?')[0]! });
}
