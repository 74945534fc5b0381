import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** What a repository runs its SQL on: the pool, or a transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/** A module's repository: a plain factory of SQL functions over an executor. It never opens a transaction. */
export type RepositoryFactory = (db: Executor) => object;

/** The repositories a set of factories makes, by name. */
export type RepositoriesOf<F extends Record<string, RepositoryFactory>> = { [K in keyof F]: ReturnType<F[K]> };

/** The repositories bound to one transaction, plus the transaction itself for stores taking an executor. */
export type Transactional<R> = R & {
  db: Executor;
  /**
   * Runs `step` last in this transaction, just before it commits (steps in the order added; a step may add more);
   * never when the transaction rolls back. For writes that must hold a lock only until commit, after every other
   * statement of the unit of work (the order events outbox, modules/orders: ids visible in commit order).
   */
  beforeCommit(step: () => Promise<unknown>): void;
};

/**
 * The unit of work services receive. `repos` run each statement on its own (reads, single conditional writes);
 * `transaction(fn)` opens ONE transaction and hands `fn` every repository bound to it, so a write spanning
 * modules (register = user + address; submit order = order + lines + voucher + wallet + cart) commits or rolls
 * back as a whole. Rules: repositories never open transactions; no network call (WeChat, SMS, payment) and no
 * slow hashing inside `fn` (on SQLite an open write transaction holds every other writer); errors thrown in `fn`
 * roll it back.
 */
export interface UnitOfWork<R> {
  readonly repos: R;
  transaction<T>(fn: (tx: Transactional<R>) => Promise<T>): Promise<T>;
}

export function createUnitOfWork<F extends Record<string, RepositoryFactory>>(
  db: Executor,
  factories: F,
): UnitOfWork<RepositoriesOf<F>> {
  const bind = (executor: Executor) => {
    const entries = Object.entries(factories).map(([name, make]) => [name, make(executor)]);
    return Object.fromEntries(entries) as RepositoriesOf<F>;
  };
  return {
    repos: bind(db),
    transaction: (fn) =>
      db.transaction().execute(async (trx) => {
        const last: Array<() => Promise<unknown>> = [];
        const result = await fn({ ...bind(trx), db: trx, beforeCommit: (step) => void last.push(step) });
        for (let step = last.shift(); step; step = last.shift()) await step();
        return result;
      }),
  };
}
