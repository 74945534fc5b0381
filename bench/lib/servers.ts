import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/src/config';
import { startProcess, type Started } from './processes';
import { freePort } from './util';

/** The path both servers are probed on until they first answer (szeat: a cached read; the baseline: any path). */
const PROBE = '/api/szeat/article?id=42';

/**
 * The arguments of node in `npm start` (package.json): its V8 settings and scripts/start.mjs. The benchmark runs
 * them with node itself, as production does, without npm's own process.
 */
export function startArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is not one node process: ${pkg.scripts.start}`);
  return args;
}

/** szeat as production runs it (node on the compiled server, what `npm start` runs), sandboxes allowed as a demo. */
export async function startSzeat(databaseUrl: string): Promise<Started> {
  const port = await freePort();
  return startProcess(process.execPath, startArgs(), {
    cwd: ROOT_DIR,
    port,
    probe: PROBE,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX: '1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      BUILD_SITE: 'never',
      SEED: 'auto',
      DEMO_ADVANCE: '0',
    },
  });
}

/** The bare Fastify JSON route (bench/baseline-fastify.mjs), started the same way. */
export async function startBaseline(): Promise<Started> {
  const port = await freePort();
  return startProcess(process.execPath, [path.join(ROOT_DIR, 'bench', 'baseline-fastify.mjs')], {
    cwd: ROOT_DIR,
    port,
    probe: PROBE,
    env: { ...process.env, PORT: String(port) },
  });
}
