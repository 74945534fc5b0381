// The events fan-out baseline of `npx tsx bench/events-fanout.ts`: a bare Node http server holding Server-Sent Events
// streams and writing one message to all of them when POST /api/szeat/article?fire=1 arrives.
//   PORT=3101 node bench/baseline-sse.mjs
import http from 'node:http';

const streams = new Set();
let id = 0;
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/api/szeat/events')) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('event: ready\ndata: {}\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST') {
    id += 1;
    const msg = `id: ${id}\nevent: order.status\ndata: {"id":${id},"type":"order.status","status":10}\n\n`;
    for (const s of streams) s.write(msg);
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"code":1000,"msg":"ok","data":null}');
});
server.listen(Number(process.env.PORT ?? 3101), '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', () => process.exit(0));
