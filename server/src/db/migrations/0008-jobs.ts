import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * The durable job runner's table (issue 9): recurring jobs (purges, the unpaid-order sweep, demo mode) and one-off
 * jobs, each claimed by ONE conditional UPDATE (due, not done, lease free or expired) whose row count decides, so
 * a job runs once even with several server instances on one database. (kind, key) is unique: a job is scheduled
 * once however many instances schedule it.
 */
export function m0008Jobs(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('kind', 'varchar(64)', (c) => c.notNull())
        .addColumn('key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        /** Recurring jobs run again this long after each run; null for a one-off job. */
        .addColumn('every_ms', 'bigint')
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        /** The claim: who runs it now (one token per claim) and until when the lease holds. */
        .addColumn('locked_by', 'varchar(120)')
        .addColumn('locked_until', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('last_run_at', 'bigint')
        /** A one-off job that ran to completion. */
        .addColumn('done_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
