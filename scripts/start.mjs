// `npm start`: the server as compiled JavaScript run by node (build once, start fast). The bundle
// (dist/server/main.cjs) is rebuilt first when a server source is newer; `npm run dev` keeps tsx in watch mode.
import { createRequire } from 'node:module';
import { buildServer, serverIsStale, SERVER_BUNDLE } from './build-server.mjs';

process.setSourceMapsEnabled(true);
if (serverIsStale()) await buildServer();
createRequire(import.meta.url)(SERVER_BUNDLE);
