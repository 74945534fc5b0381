import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
    // int8 (counts, epoch-millisecond timestamps) fits in a double for every value we store.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}
