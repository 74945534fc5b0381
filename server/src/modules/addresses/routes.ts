import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Address, AddressIdBody, AddressIdQuery, AddressList, SaveAddressBody } from '../../../../types/api/addresses';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = { 400: FieldErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['addresses'], security: [{ bearer: [] }] };

export const addressesRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.addresses;

  app.get(
    '/addrlist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: "The customer's addresses, default first",
        response: { 200: Envelope(AddressList), ...errors },
      },
    },
    async (req) => ok(req, await service.list(userIdOf(req), req.lang)),
  );

  app.get(
    '/addrinfo',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'One of the customer’s addresses',
        querystring: AddressIdQuery,
        response: { 200: Envelope(Address), ...errors },
      },
    },
    async (req) => ok(req, await service.get(userIdOf(req), req.query.id, req.lang)),
  );

  app.post(
    '/saveaddr',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Creates (no id) or updates an address; answers it',
        body: SaveAddressBody,
        response: { 200: Envelope(Address), ...errors },
      },
    },
    async (req) => ok(req, await service.save(userIdOf(req), req.body, req.lang)),
  );

  app.post(
    '/deladdr',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Deletes an address',
        body: AddressIdBody,
        response: { 200: Envelope(Type.Null()), ...errors },
      },
    },
    async (req) => {
      await service.remove(userIdOf(req), req.body.id);
      return ok(req, null);
    },
  );

  app.post(
    '/setdefaultaddr',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Makes an address the default; answers it',
        body: AddressIdBody,
        response: { 200: Envelope(Address), ...errors },
      },
    },
    async (req) => ok(req, await service.setDefault(userIdOf(req), req.body.id, req.lang)),
  );
};
