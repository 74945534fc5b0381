import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import {
  AcceptBody,
  AdvanceBody,
  Board,
  BoardQuery,
  BusyBody,
  ClosedBody,
  CollectBody,
  InviteBody,
  Member,
  Members,
  MerchantOrder,
  MerchantRestaurants,
  MoveResult,
  OrderRef,
  RejectBody,
  RemoveMemberBody,
  RestaurantRef,
  SoldOutBody,
  Takings,
} from '../../../../types/api/merchant';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = {
  400: FieldErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
};
const secured = { onRequest: requireUser };
const meta = { tags: ['merchant'], security: [{ bearer: [] }] };
const Done = Type.Null();

/**
 * The restaurant console's calls under /api/szeat/merchant/…: every one behind a session and the membership check
 * of the merchants service (staff: orders and sold out; owner: everything).
 */
export const merchantsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const m = services.merchants;

  app.get(
    '/merchant/restaurants',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The caller's restaurants and roles",
        response: { 200: Envelope(MerchantRestaurants), ...errors },
      },
    },
    async (req) => ok(req, { list: await m.restaurants(userIdOf(req), req.lang) }),
  );

  app.get(
    '/merchant/orders',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "Today's orders of a restaurant (the board)",
        querystring: BoardQuery,
        response: { 200: Envelope(Board), ...errors },
      },
    },
    async (req) => ok(req, await m.board(userIdOf(req), req.query.restaurant_id, req.query.state, req.lang)),
  );

  app.get(
    '/merchant/order',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'One order of a restaurant the caller works for',
        querystring: OrderRef,
        response: { 200: Envelope(MerchantOrder), ...errors },
      },
    },
    async (req) => ok(req, await m.order(userIdOf(req), req.query.order_id, req.lang)),
  );

  app.post(
    '/merchant/accept',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Accept a waiting order with a preparation time',
        body: AcceptBody,
        response: { 200: Envelope(MoveResult), ...errors },
      },
    },
    async (req) => ok(req, await m.accept(userIdOf(req), req.body.order_id, req.body.prep_minutes, req.lang)),
  );

  app.post(
    '/merchant/reject',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Refuse a waiting order with a reason (money and voucher back at once)',
        body: RejectBody,
        response: { 200: Envelope(MoveResult), ...errors },
      },
    },
    async (req) => ok(req, await m.reject(userIdOf(req), req.body.order_id, req.body.reason, req.lang)),
  );

  app.post(
    '/merchant/advance',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Move an accepted order one step along its path',
        body: AdvanceBody,
        response: { 200: Envelope(MoveResult), ...errors },
      },
    },
    async (req) => ok(req, await m.advance(userIdOf(req), req.body.order_id, req.body.from, req.lang)),
  );

  app.post(
    '/merchant/ready',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Mark a collection order being prepared ready for collection (once; a retry answers the same mark)',
        body: OrderRef,
        response: { 200: Envelope(MoveResult), ...errors },
      },
    },
    async (req) => ok(req, await m.markReady(userIdOf(req), req.body.order_id, req.lang)),
  );

  app.post(
    '/merchant/collect',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Hand a collection order over against its code',
        body: CollectBody,
        response: { 200: Envelope(MoveResult), ...errors },
      },
    },
    async (req) => ok(req, await m.collect(userIdOf(req), req.body.order_id, req.body.code, req.lang)),
  );

  app.post(
    '/merchant/soldout',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'A dish or option sold out, or back',
        body: SoldOutBody,
        response: { 200: Envelope(Done), ...errors },
      },
    },
    async (req) => {
      const { restaurant_id, sold_out, ...what } = req.body;
      await m.soldOut(userIdOf(req), restaurant_id, what, sold_out);
      return ok(req, null);
    },
  );

  app.post(
    '/merchant/busy',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Busy mode: no new orders for 15/30/60 minutes or until the next opening (owners)',
        body: BusyBody,
        response: { 200: Envelope(Type.Object({ busy_until: Type.Union([Type.Integer(), Type.Null()]) })), ...errors },
      },
    },
    async (req) => ok(req, await m.busy(userIdOf(req), req.body.restaurant_id, req.body.busy)),
  );

  app.post(
    '/merchant/closed',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Closed today (until a time or reopened by hand), or reopened (owners)',
        body: ClosedBody,
        response: { 200: Envelope(Done), ...errors },
      },
    },
    async (req) => {
      await m.closed(userIdOf(req), req.body.restaurant_id, req.body.closed, req.body.resume_at ?? null);
      return ok(req, null);
    },
  );

  app.get(
    '/merchant/today',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "Today's orders and takings by payment method (owners)",
        querystring: RestaurantRef,
        response: { 200: Envelope(Takings), ...errors },
      },
    },
    async (req) => ok(req, await m.today(userIdOf(req), req.query.restaurant_id)),
  );

  app.get(
    '/merchant/members',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The restaurant's members (owners)",
        querystring: RestaurantRef,
        response: { 200: Envelope(Members), ...errors },
      },
    },
    async (req) => ok(req, { list: await m.members(userIdOf(req), req.query.restaurant_id) }),
  );

  app.post(
    '/merchant/invite',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Add an account (phone or e-mail) as staff or owner (owners)',
        body: InviteBody,
        response: { 200: Envelope(Member), ...errors },
      },
    },
    async (req) => ok(req, await m.invite(userIdOf(req), req.body.restaurant_id, req.body.contact, req.body.role)),
  );

  app.post(
    '/merchant/remove-member',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'End a membership, never the last owner (owners)',
        body: RemoveMemberBody,
        response: { 200: Envelope(Done), ...errors },
      },
    },
    async (req) => {
      await m.removeMember(userIdOf(req), req.body.restaurant_id, req.body.user_id);
      return ok(req, null);
    },
  );
};
