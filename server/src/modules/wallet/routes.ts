import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope, PageQuery } from '../../../../types/api/common';
import {
  AvailableCoupons,
  AvailableCouponsQuery,
  CouponCount,
  VoucherList,
  Wallet,
} from '../../../../types/api/wallet';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: FieldErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['wallet'], security: [{ bearer: [] }] };

export const walletRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.wallet;

  app.get(
    '/wallet',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Balance and the latest ledger lines',
        response: { 200: Envelope(Wallet), ...errors },
      },
    },
    async (req) => ok(req, await service.wallet(userIdOf(req), req.lang)),
  );

  app.get(
    '/usercouponslist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The customer's vouchers (usable, used, expired), newest first",
        querystring: PageQuery,
        response: { 200: Envelope(VoucherList), ...errors },
      },
    },
    async (req) => ok(req, await service.vouchers(userIdOf(req), req.query.page, req.query.page_size, req.lang)),
  );

  app.get(
    '/availablecouponslist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "Vouchers usable for the customer's cart at a restaurant now",
        querystring: AvailableCouponsQuery,
        response: { 200: Envelope(AvailableCoupons), ...errors },
      },
    },
    async (req) => ok(req, await service.available(userIdOf(req), req.query.restaurant_id, req.lang)),
  );

  app.get(
    '/allavailablecouponscount',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'How many vouchers are usable now',
        response: { 200: Envelope(CouponCount), ...errors },
      },
    },
    async (req) => ok(req, await service.availableCount(userIdOf(req))),
  );
};
