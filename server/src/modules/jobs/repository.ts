import type { Executor } from '../../db/unit-of-work';

/**
 * The SQL of the job runner. A job is claimed by ONE conditional UPDATE (due, not done, lease free or expired) whose
 * row count decides: of several runners (processes, server instances) that see the same due job, exactly one
 * claims it. The claim token is unique per claim, so a runner whose lease ran out (and whose job another runner
 * took) can no longer finish or reschedule it.
 */
export function createJobsRepository(db: Executor) {
  return {
    /** Schedules a recurring job once (the unique kind+key decides); an existing one keeps its next run, takes the new period. */
    async ensureRecurring(kind: string, everyMs: number, firstRunAt: number, at: number) {
      await db
        .insertInto('jobs')
        .values({ kind, key: '', payload: '{}', every_ms: everyMs, run_at: firstRunAt, attempts: 0, created_at: at })
        .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ every_ms: everyMs }))
        .execute();
    },

    /** Schedules a one-off job; false when this kind and key is already scheduled (or ran). */
    async enqueue(kind: string, key: string, payload: unknown, runAt: number, at: number): Promise<boolean> {
      const row = await db
        .insertInto('jobs')
        .values({
          kind,
          key,
          payload: JSON.stringify(payload ?? {}),
          every_ms: null,
          run_at: runAt,
          attempts: 0,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Candidates for a claim: due, not done, lease free or expired, of the kinds this runner handles. */
    due: (kinds: readonly string[], now: number, limit: number) =>
      kinds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('jobs')
            .select(['id', 'kind', 'key', 'payload', 'every_ms', 'run_at', 'attempts'])
            .where('done_at', 'is', null)
            .where('run_at', '<=', now)
            .where('kind', 'in', kinds)
            .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
            .orderBy('run_at')
            .orderBy('id')
            .limit(limit)
            .execute(),

    /** The claim: one statement, its row count decides who runs the job. */
    async claim(id: number, token: string, now: number, leaseUntil: number): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set((eb) => ({
          locked_by: token,
          locked_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
          last_run_at: now,
        }))
        .where('id', '=', id)
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A one-off job ran (or was given up, with its last error): done, only by the claim that ran it. */
    async finish(id: number, token: string, at: number, error: string | null = null): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set({ done_at: at, locked_by: null, locked_until: null, last_error: error })
        .where('id', '=', id)
        .where('locked_by', '=', token)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The next run of a recurring job, or the retry of a failed one; the lease is given up. */
    async reschedule(id: number, token: string, runAt: number, error: string | null): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set({ run_at: runAt, locked_by: null, locked_until: null, last_error: error })
        .where('id', '=', id)
        .where('locked_by', '=', token)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    byKind: (kind: string) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute(),
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
