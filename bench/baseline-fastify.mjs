// The API baseline of `npm run bench`: a bare Fastify JSON route, started the way szeat is (a process on a port).
//   PORT=3100 node bench/baseline-fastify.mjs
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { code: 1000, msg: 'ok', data: { id: 1, name: 'hello', list: [1, 2, 3] } };
app.get('/api/szeat/article', async () => body);
app.get('/api/szeat/hello', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3100) });
console.log(`baseline listening on ${process.env.PORT ?? 3100}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
