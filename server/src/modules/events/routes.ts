import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import { ErrorCode } from '../../../../types/errors';
import { AppError } from '../../errors';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { API_PREFIX, ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const EventTicket = Type.Object({
  ticket: Type.String(),
  expires_at: Type.Integer(),
  /** Where to open the EventSource (the ticket in its query; used once). */
  url: Type.String(),
});
const StreamQuery = Type.Object({
  ticket: Type.String({ minLength: 10, maxLength: 100 }),
  /** For clients that cannot set the Last-Event-ID header (a new EventSource after a ticket expired). */
  last_event_id: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * Live order events: POST events/ticket (behind the session) answers a one-time ticket; GET events?ticket= streams
 * Server-Sent Events (the customer's own orders, the restaurants the user works for), replaying after Last-Event-ID.
 */
export const eventsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const events = services.events;

  app.post(
    '/events/ticket',
    {
      onRequest: requireUser,
      schema: {
        tags: ['events'],
        security: [{ bearer: [] }],
        summary: 'A one-time, short-lived ticket that opens one event stream for the caller',
        response: { 200: Envelope(EventTicket), 401: ErrorEnvelope },
      },
    },
    async (req) => {
      const t = await events.ticket(userIdOf(req));
      return ok(req, { ...t, url: `${API_PREFIX}/events?ticket=${t.ticket}` });
    },
  );

  app.get(
    '/events',
    {
      sse: { kind: 'only' },
      compress: false,
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events of your orders and your restaurants (text/event-stream); Last-Event-ID replays',
        querystring: StreamQuery,
      },
    },
    async (req, reply) => {
      const userId = await events.redeem(req.query.ticket);
      if (userId === undefined) throw new AppError(ErrorCode.Forbidden, 'event.ticket_invalid');
      const header = reply.sse.lastEventId;
      const last = header && /^\d+$/.test(header) ? Number(header) : (req.query.last_event_id ?? null);
      reply.sse.keepAlive();
      await reply.sse.send({ event: 'ready', data: { user_id: userId }, retry: 3000 });
      const end = await events.subscribe(
        userId,
        last,
        (m) => {
          if (reply.sse.isConnected) void reply.sse.send(m).catch(() => undefined);
        },
        () => reply.sse.close(),
      );
      reply.sse.onClose(end);
    },
  );
};
