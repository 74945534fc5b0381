import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import {
  Menu,
  MenuListQuery,
  NewStores,
  NewStoresQuery,
  StoreInfo,
  StoreInfoQuery,
  StoreList,
  StoreListQuery,
  StoreReviewQuery,
  StoreReviews,
} from '../../../../types/api/stores';
import { FROM_MEMORY, sendAnswer } from '../../plugins/app/cached-answer';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';
import { openStateValidUntil } from './hours';
import { positionOf } from './service';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['stores'];

export const storesRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services, now }) => {
  const service = services.stores;
  const { answers } = services;

  app.get(
    '/storelist',
    {
      ...FROM_MEMORY,
      schema: {
        tags,
        summary: 'Restaurants delivering to a GCJ-02 position; cuisine filter; sorted; paged',
        querystring: StoreListQuery,
        response: { 200: Envelope(StoreList), ...errors },
      },
    },
    // From the answer cache (not user-specific): per exact position, cuisine, order, page and language; open now and
    // the times shown are right to the minute (rebuilt once the minute is over, or when a listed closure ends).
    async (req, reply) => {
      const q = req.query;
      const sort = q.sort ?? 'distance';
      const key = `storelist|${req.lang}|${q.lat},${q.lng}|${q.cuisine_id ?? ''}|${sort}|${q.page}|${q.page_size}`;
      const answer = await answers.get(key, async () => {
        const builtAt = now();
        const data = await service.storeList(
          { at: { lat: q.lat, lng: q.lng }, cuisineId: q.cuisine_id, sort, page: q.page, pageSize: q.page_size },
          req.lang,
          builtAt,
        );
        return {
          body: reply.serialize(ok(req, data)),
          validFrom: builtAt,
          validUntil: Math.min(Infinity, ...data.list.map((s) => openStateValidUntil(builtAt, s))),
        };
      });
      return sendAnswer(req, reply, answers, answer);
    },
  );

  app.get(
    '/newstores',
    {
      schema: {
        tags,
        summary: 'Newest restaurants first; with lat/lng only those delivering there; paged',
        querystring: NewStoresQuery,
        response: { 200: Envelope(NewStores), ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const at = positionOf(q.lat, q.lng);
      return ok(req, await service.newStores({ at, page: q.page, pageSize: q.page_size }, req.lang));
    },
  );

  app.get(
    '/storeinfo',
    {
      ...FROM_MEMORY,
      schema: {
        tags,
        summary: 'One restaurant: everything its page shows; with lat/lng whether that position is in range',
        querystring: StoreInfoQuery,
        response: { 200: Envelope(StoreInfo), ...errors },
      },
    },
    // From the answer cache (not user-specific): per id, exact position and language; open now and the times shown
    // are right to the minute (the answer is rebuilt once its minute is over, or when a manual closure ends).
    async (req, reply) => {
      const { id, lat, lng } = req.query;
      const at = positionOf(lat, lng);
      const answer = await answers.get(`storeinfo|${req.lang}|${id}|${at ? `${at.lat},${at.lng}` : ''}`, async () => {
        const builtAt = now();
        const data = await service.storeInfo(id, at, req.lang);
        return {
          body: reply.serialize(ok(req, data)),
          validFrom: builtAt,
          validUntil: openStateValidUntil(builtAt, data),
        };
      });
      return sendAnswer(req, reply, answers, answer);
    },
  );

  app.get(
    '/menulist',
    {
      ...FROM_MEMORY,
      schema: {
        tags,
        summary: "A restaurant's menu: categories, items, option groups and options; keyword filters dishes",
        querystring: MenuListQuery,
        response: { 200: Envelope(Menu), ...errors },
      },
    },
    // From the answer cache (not user-specific, nothing clock-dependent): per restaurant, keyword and language.
    async (req, reply) => {
      const { restaurant_id: id } = req.query;
      const word = req.query.keyword?.trim() ?? '';
      const answer = await answers.get(`menulist|${req.lang}|${id}|${word}`, async () => ({
        body: reply.serialize(ok(req, await service.menu(id, word, req.lang))),
      }));
      return sendAnswer(req, reply, answers, answer);
    },
  );

  app.get(
    '/storereview',
    {
      schema: {
        tags,
        summary: "A restaurant's reviews, newest first, paged, with its rating summary",
        querystring: StoreReviewQuery,
        response: { 200: Envelope(StoreReviews), ...errors },
      },
    },
    async (req) => ok(req, await service.reviews(req.query.restaurant_id, req.query.page, req.query.page_size)),
  );
};
