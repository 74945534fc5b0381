import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { SubscribeGrantBody, SubscribeGrants, SubscribeTemplates } from '../../../../types/api/notify';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

/**
 * Subscribe messages (issue 18): GET subscribe/templates (which templates the mini program asks for) and POST
 * subscribe/grant (what the customer allowed, counted as one-time grants).
 */
export const notifyRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const notify = services.notify;
  app.get(
    '/subscribe/templates',
    {
      schema: {
        tags: ['notify'],
        summary: 'The WeChat subscribe message templates the mini program asks for, by kind',
        response: { 200: Envelope(SubscribeTemplates) },
      },
    },
    async (req) => ok(req, notify.templates()),
  );
  app.post(
    '/subscribe/grant',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notify'],
        security: [{ bearer: [] }],
        summary: 'Records what requestSubscribeMessage answered (each accepted template: one message may be sent)',
        body: SubscribeGrantBody,
        response: { 200: Envelope(SubscribeGrants), 400: FieldErrorEnvelope, 401: ErrorEnvelope },
      },
    },
    async (req) => ok(req, await notify.grant(userIdOf(req), req.body.results)),
  );
};
