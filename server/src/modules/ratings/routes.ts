import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import {
  DelRatingBody,
  DelRatingResult,
  MyRating,
  MyRatings,
  RatingsListQuery,
  SaveRatingBody,
  UploadedPhoto,
  UploadPhotoForm,
} from '../../../../types/api/ratings';
import { ErrorCode } from '../../../../types/errors';
import { AppError, invalidField } from '../../errors';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';

const errors = {
  400: FieldErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};
const secured = { onRequest: requireUser };
const meta = { tags: ['ratings'], security: [{ bearer: [] }] };

/** The picture was larger than UPLOAD_MAX_KB: answered 413 (the envelope's code 1003). */
class TooLarge extends Error {}

/** A message push's query (WeChat signs token, timestamp and nonce; safe mode adds msg_signature). */
const PushQuery = Type.Object({
  signature: Type.Optional(Type.String({ maxLength: 100 })),
  timestamp: Type.Optional(Type.String({ maxLength: 20 })),
  nonce: Type.Optional(Type.String({ maxLength: 100 })),
  echostr: Type.Optional(Type.String({ maxLength: 200 })),
  openid: Type.Optional(Type.String({ maxLength: 100 })),
  encrypt_type: Type.Optional(Type.String({ maxLength: 20 })),
  msg_signature: Type.Optional(Type.String({ maxLength: 100 })),
});

export const ratingsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services, config }) => {
  const service = services.ratings;
  const field = config.UPLOAD_FIELD_NAME;
  const maxBytes = config.UPLOAD_MAX_KB * 1024;

  // Multipart only for uploadphoto (its own scope): every other route keeps refusing it (415).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: 20,
        fieldSize: 2000,
        fieldNameSize: 100,
        parts: 30,
        headerPairs: 50,
      },
    });

    /** The picture's bytes: the first file part under the configured field name (other fields are accepted). */
    async function readPicture(req: FastifyRequest): Promise<Buffer> {
      if (!req.isMultipart()) throw invalidField(field, 'upload.no_file', { field });
      let file: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== field || file) {
            part.file.resume();
            continue;
          }
          file = await part.toBuffer();
        }
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLarge();
        // Whatever the multipart parser refuses (no or bad boundary, a part cut short, too many parts) is bad input.
        req.log.info({ err: e }, 'unreadable multipart body');
        throw invalidField(field, 'upload.bad_form');
      }
      if (!file) throw invalidField(field, 'upload.no_file', { field });
      return file;
    }

    scope.post(
      '/uploadphoto',
      {
        ...secured,
        // The multipart body is read as a stream by the handler; its schema is for the OpenAPI document only.
        validatorCompiler: () => () => true,
        schema: {
          ...meta,
          summary:
            'A photo for a rating (multipart; the picture under UPLOAD_FIELD_NAME, default "file"; JPEG, PNG or WebP ' +
            'up to UPLOAD_MAX_KB): re-encoded, metadata stripped; answers its id, display URL and thumbnail URL',
          consumes: ['multipart/form-data'],
          body: UploadPhotoForm,
          response: { 200: Envelope(UploadedPhoto), ...errors, 413: FieldErrorEnvelope },
        },
      },
      async (req, reply) => {
        try {
          return ok(req, await service.uploadPhoto(userIdOf(req), () => readPicture(req)));
        } catch (e) {
          if (!(e instanceof TooLarge)) throw e;
          return reply.status(413).send({
            code: ErrorCode.Validation,
            msg: req.t('upload.too_large', { max: config.UPLOAD_MAX_KB }),
            data: { field },
          });
        }
      },
    );
  });

  app.post(
    '/saverating',
    {
      ...secured,
      schema: {
        ...meta,
        summary:
          'Rates one of your orders once it was delivered or collected: food and other 1-5, delivery time bucket ' +
          '(delivery orders only), comment, up to 6 uploaded photo ids; one rating per order',
        body: SaveRatingBody,
        response: { 200: Envelope(MyRating), ...errors },
      },
    },
    async (req) => ok(req, await service.save(userIdOf(req), req.body, req.lang)),
  );

  app.post(
    '/delrating',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Deletes one of your ratings (its order may be rated again)',
        body: DelRatingBody,
        response: { 200: Envelope(DelRatingResult), ...errors },
      },
    },
    async (req) => ok(req, await service.remove(userIdOf(req), req.body.id)),
  );

  app.get(
    '/ratingslist',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Your ratings, newest first, with their restaurant, photos and content checks',
        querystring: RatingsListQuery,
        response: { 200: Envelope(MyRatings), ...errors },
      },
    },
    async (req) => ok(req, await service.list(userIdOf(req), req.query.page, req.query.page_size, req.lang)),
  );

  // WeChat's message push (WECHAT_MODE=real): the URL check (GET) and pushes (POST), of which the content check's
  // verdicts (wxa_media_check) are used. Plain text answers, as WeChat expects; refusals are envelopes.
  const refused = () => new AppError(ErrorCode.Forbidden, 'push.refused');
  app.get('/wxpush', { schema: { hide: true, querystring: PushQuery } }, async (req, reply) => {
    const echo = service.pushEcho(req.query);
    if (echo === null) throw refused();
    return reply.type('text/plain; charset=utf-8').send(echo);
  });
  app.post('/wxpush', { schema: { hide: true, querystring: PushQuery }, bodyLimit: 64 * 1024 }, async (req, reply) => {
    const outcome = await service.push(req.query, req.body);
    req.log.info({ outcome }, 'wechat push');
    if (outcome === 'refused') throw refused();
    // A verdict that overtook its photo's row: WeChat sends the push again when it is not acknowledged.
    if (outcome === 'unknown') throw new AppError(ErrorCode.Unavailable, 'push.unknown_trace');
    return reply.type('text/plain; charset=utf-8').send('success');
  });
};
