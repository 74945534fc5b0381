// `npm start`: the server as compiled JavaScript run by node (build once, start fast). The bundle
// (dist/server/main.cjs) is rebuilt first when a server source is newer; `npm run dev` keeps tsx in watch mode.
// Production runs what package.json's start runs, `node --max-semi-space-size=2 scripts/start.mjs` (npm itself adds
// a process of its own): V8's young generation capped at 2 MB per semi-space instead of 16, which after load keeps
// 25-30 MB less garbage resident at the same CPU per request (measured; README, Performance). V8 reads heap sizes
// when node starts, so the setting is on node's command line, not set here.
import fs from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import path from 'node:path';
import { buildServer, serverIsStale, SERVER_BUNDLE, SERVER_MAP } from './build-server.mjs';

// Stack traces name the TypeScript sources, as with node's source maps, but the map is read when the first stack
// trace is formatted: node's own (process.setSourceMapsEnabled) parses it while the bundle loads and keeps ~25 MB
// for a process that may never print a stack (measured).
let sourceMap;
Error.prepareStackTrace = (error, frames) => {
  if (sourceMap === undefined) {
    try {
      sourceMap = new SourceMap(JSON.parse(fs.readFileSync(SERVER_MAP, 'utf8')));
    } catch {
      sourceMap = null;
    }
  }
  const lines = frames.map((frame) => {
    const text = `    at ${frame}`;
    if (!sourceMap || frame.getFileName() !== SERVER_BUNDLE) return text;
    const at = `${SERVER_BUNDLE}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
    const entry = sourceMap.findEntry(frame.getLineNumber() - 1, frame.getColumnNumber() - 1);
    if (!entry?.originalSource) return text;
    const source = path.resolve(path.dirname(SERVER_BUNDLE), entry.originalSource);
    return text.replace(at, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
  });
  return [Error.prototype.toString.call(error), ...lines].join('\n');
};
if (serverIsStale()) await buildServer();
createRequire(import.meta.url)(SERVER_BUNDLE);
