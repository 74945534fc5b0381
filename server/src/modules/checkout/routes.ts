import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ConfirmOrderBody,
  ProblemsEnvelope,
  Quote,
  SubmitOrderBody,
  SubmitOrderResult,
} from '../../../../types/api/checkout';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';
import type { PayClient } from './service';

/** Where the customer would pay, as the server knows it: the session's platform and the request's User-Agent. */
const clientOf = (req: FastifyRequest): PayClient => ({
  ...(req.sessionPlatform ? { platform: req.sessionPlatform } : {}),
  userAgent: String(req.headers['user-agent'] ?? ''),
});

const errors = { 400: ProblemsEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['checkout'], security: [{ bearer: [] }] };

export const checkoutRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.checkout;

  app.post(
    '/confirmorder',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'A quote for the cart: amounts, choices, and every problem since the cart was filled',
        body: ConfirmOrderBody,
        response: { 200: Envelope(Quote), ...errors, 400: FieldErrorEnvelope },
      },
    },
    async (req) => ok(req, await service.confirm(userIdOf(req), req.body, req.lang, clientOf(req))),
  );

  app.post(
    '/submitorder',
    {
      ...secured,
      schema: {
        ...meta,
        summary:
          'Places the order (idempotent per idempotency_key; atomic); refused (1001) with the problems when the cart changed',
        body: SubmitOrderBody,
        response: { 200: Envelope(SubmitOrderResult), ...errors },
      },
    },
    async (req) => ok(req, await service.submit(userIdOf(req), req.body, req.lang, clientOf(req))),
  );
};
