import fastifySse from '@fastify/sse';
import fp from 'fastify-plugin';

/** Server-Sent Events for the routes that ask for them (`sse` route option), with heartbeat comments. */
export const ssePlugin = fp<{ heartbeatMs: number }>(async function sse(app, { heartbeatMs }) {
  await app.register(fastifySse, { heartbeatInterval: heartbeatMs });
});
