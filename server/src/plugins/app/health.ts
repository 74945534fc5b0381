import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { pendingMigrations } from '../../db/migrate';

export interface HealthOptions {
  db: Db;
  /** How long /readyz waits for the database before calling it unreachable (ms). */
  timeoutMs?: number;
}

/** Probes answer plain JSON and are never cached; their request lines are logged at warn only (probes come often). */
const PROBE = { schema: { hide: true }, logLevel: 'warn' } as const;

/**
 * Operations' probes, outside the API envelope (`/api/szeat` answers `{code, msg, data}`; these answer what load
 * balancers and orchestrators read, the status first):
 * - `GET /healthz`: the process is up and answering (liveness); touches nothing.
 * - `GET /readyz`: the database answers and has run every migration this build knows (readiness); 503 naming what is
 *   missing otherwise, so traffic waits for a migrated database instead of failing on it.
 */
export async function healthPlugin(app: FastifyInstance, { db, timeoutMs = 2000 }: HealthOptions) {
  app.get('/healthz', PROBE, (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', PROBE, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      const pending = await Promise.race([
        pendingMigrations(db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      if (pending.length > 0) return reply.status(503).send({ status: 'migrations_pending', pending });
      return reply.send({ status: 'ready' });
    } catch (err) {
      req.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ status: 'database_unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
