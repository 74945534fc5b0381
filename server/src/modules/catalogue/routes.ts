import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdList,
  AdListQuery,
  CuisineList,
  CuisineListQuery,
  PopupList,
  PopupListQuery,
  PromoList,
  PromoListQuery,
  UpdatePopupBody,
  UpdatePopupResult,
} from '../../../../types/api/catalogue';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.catalogue;

  app.get(
    '/cuisineslist',
    {
      schema: {
        tags,
        summary: 'Every cuisine with how many restaurants serve it',
        querystring: CuisineListQuery,
        response: { 200: Envelope(CuisineList), ...errors },
      },
    },
    async (req) => ok(req, await service.cuisines(req.lang)),
  );

  app.get(
    '/promolist',
    {
      schema: {
        tags,
        summary: 'Promotions running now (site-wide, and of a city or restaurant when given)',
        querystring: PromoListQuery,
        response: { 200: Envelope(PromoList), ...errors },
      },
    },
    async (req) => ok(req, await service.promotions(req.query.city_id, req.query.restaurant_id, req.lang)),
  );

  app.get(
    '/adslist',
    {
      schema: {
        tags,
        summary: 'Ads running now, optionally of one slot and city',
        querystring: AdListQuery,
        response: { 200: Envelope(AdList), ...errors },
      },
    },
    async (req) => ok(req, await service.ads(req.query.slot, req.query.city_id, req.lang)),
  );

  app.get(
    '/popuplist',
    {
      schema: {
        tags,
        summary: 'Pop-ups the caller (user, or device_id when not logged in) has not seen at their current version',
        querystring: PopupListQuery,
        response: { 200: Envelope(PopupList), ...errors },
      },
    },
    async (req) => ok(req, await service.popups({ userId: req.userId, deviceId: req.query.device_id }, req.lang)),
  );

  app.post(
    '/updatepopup',
    {
      schema: {
        tags,
        summary: 'Records that the caller has seen a pop-up at its current version',
        body: UpdatePopupBody,
        response: { 200: Envelope(UpdatePopupResult), ...errors },
      },
    },
    async (req) =>
      ok(req, await service.seePopup(req.body.popup_id, { userId: req.userId, deviceId: req.body.device_id })),
  );
};
