import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './envelope';

/** OpenAPI document at /api/szeat/docs/json, browsable at /api/szeat/docs. */
export async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'szeat API',
        version: '0.1.0',
        description:
          'Every response is `{code, msg, data}`; code 1000 is success, 1002 an invalid session. Messages follow ' +
          'Accept-Language (zh*/cn or en*), then the `_lang` query parameter, default cn.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    // Its own policy (hashes of its inline scripts and styles), served over http too, never framed.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(/ ?upgrade-insecure-requests;/, '').replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
