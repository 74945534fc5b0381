import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobsRepository } from './repository';

/** A job that runs every `everyMs` (the first run at start). What `run` answers is logged. */
export interface RecurringJob {
  kind: string;
  everyMs: number;
  run(at: number): Promise<unknown>;
}

/** A one-off job as its handler sees it. */
export interface OneOffJob {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  /** 1 on the first run, more on retries. */
  attempt: number;
}

export interface JobRunnerOptions {
  repo: JobsRepository;
  now: () => number;
  recurring?: RecurringJob[];
  /** Handlers of one-off jobs, by kind. */
  handlers?: Record<string, (job: OneOffJob, at: number) => Promise<unknown>>;
  /** How often the runner looks for due jobs (ms). */
  pollMs?: number;
  /** How long a claim holds: a runner that dies mid-job leaves it to another after this (ms). */
  leaseMs?: number;
  /** Jobs claimed per look. */
  batch?: number;
  /** A failed one-off job is retried after retryMs, doubling, at most maxAttempts runs in all. */
  retryMs?: number;
  maxAttempts?: number;
  /** This runner's name in claims (default host:pid:random). */
  owner?: string;
  log?: {
    debug(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * The durable job runner: jobs live in the `jobs` table; every poll the runner lists the due ones of the kinds it
 * handles and claims each with one conditional UPDATE (jobs/repository.ts), so each due job runs once however many
 * runners (server instances on one PostgreSQL) poll. A recurring job is then rescheduled `everyMs` later; a one-off
 * job is marked done, or retried later when it failed. A runner that dies mid-job loses its claim when the lease
 * ends and another runner takes the job. Handlers must tolerate a rerun after such a crash (the order jobs do: their
 * moves are conditional).
 */
export function createJobRunner(opts: JobRunnerOptions) {
  const { repo, now } = opts;
  const recurring = opts.recurring ?? [];
  const handlers = opts.handlers ?? {};
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batch = opts.batch ?? 50;
  const retryMs = opts.retryMs ?? 30_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const log = opts.log;
  const byKind = new Map(recurring.map((j) => [j.kind, j]));
  const kinds = [...byKind.keys(), ...Object.keys(handlers)];
  let claims = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;
  let stopped = true;
  let halted = false;

  const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

  async function runOne(job: Awaited<ReturnType<JobsRepository['due']>>[number]): Promise<boolean> {
    const at = now();
    const token = `${owner}#${++claims}`;
    if (!(await repo.claim(job.id, token, at, at + leaseMs))) return false;
    const periodic = byKind.get(job.kind);
    try {
      const result = periodic
        ? await periodic.run(at)
        : await handlers[job.kind]!(
            {
              id: job.id,
              kind: job.kind,
              key: job.key,
              payload: JSON.parse(job.payload) as unknown,
              attempt: job.attempts + 1,
            },
            at,
          );
      if (periodic) await repo.reschedule(job.id, token, now() + periodic.everyMs, null);
      else await repo.finish(job.id, token, now());
      log?.debug({ job: job.kind, key: job.key || undefined, result }, 'job done');
    } catch (err) {
      log?.error({ err, job: job.kind, key: job.key || undefined }, 'job failed');
      const attempt = job.attempts + 1;
      if (periodic) await repo.reschedule(job.id, token, now() + periodic.everyMs, message(err));
      else if (attempt >= maxAttempts) await repo.finish(job.id, token, now(), message(err));
      else await repo.reschedule(job.id, token, now() + retryMs * 2 ** (attempt - 1), message(err));
    }
    return true;
  }

  /** One look for due jobs; runs those this runner claims and answers how many. */
  async function look(): Promise<number> {
    let ran = 0;
    const due = await repo.due(kinds, now(), batch);
    for (const job of due) {
      // stop() lets the job in progress end but starts no other.
      if (halted) break;
      if (await runOne(job)) ran += 1;
    }
    return ran;
  }

  /** Runs the due jobs now (never two looks at once in one runner); errors are logged, not thrown. */
  function tick(): Promise<number> {
    if (current) return current;
    current = look()
      .catch((err: unknown) => {
        log?.error({ err }, 'job runner look failed');
        return 0;
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  }

  return {
    owner,
    tick,

    /** Schedules a one-off job (once per kind and key). */
    enqueue: (kind: string, key: string, payload: unknown, runAt: number) =>
      repo.enqueue(kind, key, payload, runAt, now()),

    /** Schedules the recurring jobs (first run now) and polls every pollMs until stop(). */
    async start() {
      if (!stopped) return;
      stopped = false;
      halted = false;
      const at = now();
      for (const job of recurring) await repo.ensureRecurring(job.kind, job.everyMs, at, at);
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },

    /** Stops polling and waits for the job in progress to end (its claim is released or rescheduled). */
    async stop() {
      stopped = true;
      halted = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (current) await current;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
