import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../../../types/errors';
import type { Platform, Sessions } from '../../auth/sessions';
import { AppError } from '../../errors';
import { API_PREFIX } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, when the request carries a live bearer token. */
    userId?: number;
    /** Their session (logout revokes it). */
    sessionId?: number;
    /** Where that session was opened (h5, weapp). */
    sessionPlatform?: Platform;
  }
}

/**
 * Reads `Authorization: Bearer <token>` on API calls and sets req.userId / req.sessionId when the session is live.
 * A missing or dead token leaves them undefined: routes that need a customer add `onRequest: requireUser`.
 */
// A named function: for an anonymous one fastify-plugin reads a stack trace (slow at start) to name the plugin.
export const authPlugin = fp<{ sessions: Sessions }>(async function auth(app, { sessions }) {
  app.decorateRequest('userId', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('sessionPlatform', undefined);
  // A callback hook: requests without a token (most reads) cost no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    const match = header && req.url.startsWith(API_PREFIX) ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      done();
      return;
    }
    sessions.resolve(match[1]!).then((session) => {
      if (session) {
        req.userId = session.userId;
        req.sessionId = session.id;
        req.sessionPlatform = session.platform;
      }
      done();
    }, done);
  });
});

/** Route hook (use as `onRequest`, so it runs before body validation): 1002 / 401 without a live session. */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (req.userId === undefined) throw new AppError(ErrorCode.SessionInvalid, 'error.session_invalid');
}

/** The signed-in customer's id in a handler behind requireUser. */
export function userIdOf(req: FastifyRequest): number {
  if (req.userId === undefined) throw new AppError(ErrorCode.SessionInvalid, 'error.session_invalid');
  return req.userId;
}
