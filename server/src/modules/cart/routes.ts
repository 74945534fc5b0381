import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddCartBody,
  CartData,
  CartIdResult,
  CartListQuery,
  DelCartBody,
  EditCartBody,
} from '../../../../types/api/cart';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: FieldErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['cart'], security: [{ bearer: [] }] };

export const cartRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.cart;

  app.get(
    '/cartlist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The customer's cart at a restaurant, priced as the menu is now",
        querystring: CartListQuery,
        response: { 200: Envelope(CartData), ...errors },
      },
    },
    async (req) => ok(req, await service.list(userIdOf(req), req.query.restaurant_id, req.lang)),
  );

  app.post(
    '/addcart',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Adds a dish with its options (same dish and options: one line); answers the line id',
        body: AddCartBody,
        response: { 200: Envelope(CartIdResult), ...errors },
      },
    },
    async (req) => ok(req, await service.add(userIdOf(req), req.body, req.lang)),
  );

  app.post(
    '/editcart',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "Changes a line's quantity (0 removes it) or options",
        body: EditCartBody,
        response: { 200: Envelope(CartIdResult), ...errors },
      },
    },
    async (req) => ok(req, await service.edit(userIdOf(req), req.body, req.lang)),
  );

  app.post(
    '/delcart',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Removes a line (cart_id) or the whole cart of a restaurant (restaurant_id and all)',
        body: DelCartBody,
        response: { 200: Envelope(Type.Null()), ...errors },
      },
    },
    async (req) => {
      await service.remove(userIdOf(req), req.body);
      return ok(req, null);
    },
  );
};
