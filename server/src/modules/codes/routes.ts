import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope } from '../../../../types/api/common';
import { QrCodeQuery, SiteInfo } from '../../../../types/api/codes';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const binary = { type: 'string', format: 'binary' } as const;

export const codesRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services }) => {
  const service = services.codes;

  app.get(
    '/siteinfo',
    {
      schema: {
        tags: ['codes'],
        summary:
          'What the footer shows: whether Contact Us and How To Join have a code, their phone and WeChat ID, and ' +
          'the ICP filing number (empty strings when not configured)',
        response: { 200: Envelope(SiteInfo) },
      },
    },
    async (req) => ok(req, service.siteInfo()),
  );

  app.get(
    '/qrcode',
    {
      schema: {
        tags: ['codes'],
        summary:
          'A scannable code as a picture (not an envelope): the mini program (with id: opening that restaurant), ' +
          'Contact Us, How To Join (merchant recruitment), or a restaurant’s H5 link. Errors are envelopes.',
        querystring: QrCodeQuery,
        response: {
          200: {
            description: 'PNG or SVG (the mini program code from WeChat is its own PNG or JPEG)',
            content: { 'image/png': { schema: binary }, 'image/svg+xml': { schema: binary } },
          },
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          503: ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const image = await service.code(req.query.kind, req.query.id, req.query.format ?? 'png');
      void reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff');
      // A configured SVG is somebody's file: it may show itself, never run scripts or load anything.
      if (image.contentType === 'image/svg+xml') {
        void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      return reply.send(image.body);
    },
  );
};
