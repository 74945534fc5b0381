import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fromRoot } from '../../config';

/** The seed's pictures (server/public/img, made by seed/pictures/write.ts) at /img/, same origin as the site. */
export async function picturesPlugin(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: fromRoot('server/public/img'),
    prefix: '/img/',
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '1d',
  });
}
