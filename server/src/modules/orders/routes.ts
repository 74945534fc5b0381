import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { ReorderBody, ReorderResult } from '../../../../types/api/cart';
import { CancelOrderBody, Order, OrderInfoQuery, OrderList, OrderListQuery } from '../../../../types/api/orders';
import { failed, invalidField } from '../../errors';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: FieldErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['orders'], security: [{ bearer: [] }] };

export const ordersRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.orders;

  app.get(
    '/orderlist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The customer's own orders, newest first",
        querystring: OrderListQuery,
        response: { 200: Envelope(OrderList), ...errors },
      },
    },
    async (req) => ok(req, await service.list(userIdOf(req), req.query.page, req.query.page_size, req.lang)),
  );

  app.get(
    '/orderinfo',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'One of the customer’s orders: every field, status history, progress steps (another’s: 1004)',
        querystring: OrderInfoQuery,
        response: { 200: Envelope(Order), ...errors },
      },
    },
    async (req) => {
      const id = req.query.id ?? req.query.order_id;
      if (id === undefined) throw invalidField('id', 'validation.required', { field: 'id' });
      return ok(req, await service.info(userIdOf(req), id, req.lang));
    },
  );

  app.post(
    '/cancelorder',
    {
      ...secured,
      schema: {
        ...meta,
        summary:
          'The customer cancels an order until the restaurant accepts it (can_cancel); answers the order as it is now',
        body: CancelOrderBody,
        response: { 200: Envelope(Order), ...errors },
      },
    },
    async (req) => ok(req, await service.customerCancel(userIdOf(req), req.body.order_id, req.lang)),
  );

  app.post(
    '/reorder',
    {
      ...secured,
      schema: {
        ...meta,
        summary:
          "Order again: the past order's lines become the cart at its restaurant, checked against today's menu; answers what changed or was left out",
        body: ReorderBody,
        response: { 200: Envelope(ReorderResult), ...errors },
      },
    },
    async (req) => ok(req, await service.reorder(userIdOf(req), req.body.order_id, req.lang)),
  );

  app.post(
    '/hurryup',
    {
      ...secured,
      schema: {
        ...meta,
        summary: '"Hurry up": a reminder to the restaurant once the ready time has passed (limited)',
        body: CancelOrderBody,
        response: { 200: Envelope(Order), ...errors },
      },
    },
    async (req) => {
      if (!(await service.hurry(userIdOf(req), req.body.order_id))) throw failed('order.hurry_refused');
      return ok(req, await service.info(userIdOf(req), req.body.order_id, req.lang));
    },
  );
};
