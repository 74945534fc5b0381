import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import {
  AreaList,
  AreaListQuery,
  BuildingList,
  BuildingListQuery,
  ClosestAddr,
  ClosestAddrQuery,
  IpLocation,
  IpLocationQuery,
} from '../../../../types/api/places';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['places'];

export const placesRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.places;

  app.get(
    '/arealist',
    {
      schema: {
        tags,
        summary: 'Cities with their areas (all cities, or one with city_id)',
        querystring: AreaListQuery,
        response: { 200: Envelope(AreaList), ...errors },
      },
    },
    async (req) => ok(req, await service.areaList(req.query.city_id, req.lang)),
  );

  app.get(
    '/buildinglist',
    {
      schema: {
        tags,
        summary: 'Buildings (known addresses) of an area or city, optionally matching a keyword',
        querystring: BuildingListQuery,
        response: { 200: Envelope(BuildingList), ...errors },
      },
    },
    async (req) =>
      ok(
        req,
        await service.buildingList(
          { areaId: req.query.area_id, cityId: req.query.city_id, keyword: req.query.keyword },
          req.lang,
        ),
      ),
  );

  app.get(
    '/closestaddr',
    {
      schema: {
        tags,
        summary: 'The known address nearest to a GCJ-02 position, with its distance in metres',
        querystring: ClosestAddrQuery,
        response: { 200: Envelope(ClosestAddr), ...errors },
      },
    },
    async (req) => ok(req, await service.closestAddr(req.query.lat, req.query.lng, req.lang)),
  );

  app.get(
    '/iplocation',
    {
      schema: {
        tags,
        summary: "The caller's city from its IP address; private or unknown addresses get the default city",
        querystring: IpLocationQuery,
        response: { 200: Envelope(IpLocation), ...errors },
      },
    },
    async (req) => ok(req, await service.ipLocation(req.ip, req.lang)),
  );
};
