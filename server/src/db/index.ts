import fs from 'node:fs';
import path from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { fromRoot } from '../config';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** `sqlite:path/to/file.db` (relative to the repository), `sqlite::memory:`, or a postgres:// URL. */
export async function openDb(url: string): Promise<Db> {
  if (url.startsWith('postgres')) {
    const pg = await import('pg');
    // pg answers int8 (bigint columns, COUNT) and numeric (SUM of bigint) as strings; parsed once here. Every
    // value we store (fen, epoch milliseconds, counts) is an integer far below 2^53, so a double holds it exactly.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  const Sqlite = (await import('better-sqlite3')).default;
  const file = url.slice('sqlite:'.length);
  const filename = file === ':memory:' ? ':memory:' : fromRoot(file);
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const database = new Sqlite(filename);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  reuseStatements(database);
  const kysely = new Kysely<Database>({ dialect: new WriterFirstSqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver, plus: a transaction asked to be serializable (`.setIsolationLevel('serializable')`; SQLite
 * is always serializable) begins with `BEGIN IMMEDIATE`, taking the single writer's lock before it reads anything,
 * waiting for it up to the busy timeout. A deferred transaction that reads first cannot write once another process
 * has written since (SQLITE_BUSY, no wait): for work that must see the latest data and then write, such as start-up
 * (db/startup-lock.ts). Other transactions begin as Kysely begins them.
 */
class WriterFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    if (settings?.isolationLevel === 'serializable') {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } else {
      await super.beginTransaction(connection);
    }
  }
}

/**
 * SQLite's DDL is transactional (a schema change commits or rolls back with its transaction); Kysely's adapter says
 * otherwise only to keep its migrator out of transactions, where `PRAGMA foreign_keys` cannot change (no migration
 * here uses it). Saying so lets migrations run in the start-up transaction (db/startup-lock.ts), all or nothing.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class WriterFirstSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new WriterFirstSqliteDriver(this.#config);
  }
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Kysely's SQLite driver prepares every query anew (measured: a tenth of a menu read). The same SQL text gets the
 * same prepared statement back instead; safe because the driver runs one query at a time on its connection and
 * never streams. Bounded: past STATEMENT_CACHE_SIZE distinct texts the least recently used statement is dropped
 * (queries with `in (?, ?, …)` lists make new texts; the statements every request runs stay).
 */
const STATEMENT_CACHE_SIZE = 500;
export function reuseStatements(database: Pick<SqliteDatabase, 'prepare'>) {
  const prepare = database.prepare.bind(database);
  const cache = new LRUCache<string, ReturnType<typeof prepare>>({ max: STATEMENT_CACHE_SIZE });
  database.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }) as typeof database.prepare;
}
