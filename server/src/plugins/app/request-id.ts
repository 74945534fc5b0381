import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER, requestScope } from '../../fastify-options/request-id';

/**
 * Every answer names its request: `X-Request-Id` is the id the request's log lines carry (taken from the caller's
 * header or made, fastify-options/request-id.ts), so a customer's or a proxy's report finds its lines. Set before any
 * other hook, so refusals and errors carry it too.
 */
// A named function: for an anonymous one fastify-plugin reads a stack trace (slow at start) to name the plugin.
export const requestIdPlugin = fp(async function requestId(app) {
  // A callback hook, not an async one: no promise per request.
  // The rest of the request (hooks, handler, the services it calls) runs in its request scope, so lines the services
  // log through the app's logger carry its id too (fastify-options/request-id.ts requestIdMixin).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    requestScope.run(req.id, done);
  });
});
