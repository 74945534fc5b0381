import { performance } from 'node:perf_hooks';

/**
 * The baseline of the write rows: a bare insert loop on the same database szeat runs on, each row its own
 * transaction (as each szeat write is), measured in the same run. SQLite: one connection in a synchronous loop (SQLite
 * has one writer; szeat's server has one connection too). PostgreSQL: `connections` loops over a pool of 10 (the
 * size of szeat's). Answers rows per second.
 */
export async function bareInserts(databaseUrl: string, connections: number, seconds: number): Promise<number> {
  const ddl = (id: string) =>
    `create table if not exists bench_bare (id ${id}, user_id integer not null, payload text not null, at bigint not null)`;
  const payload = JSON.stringify({ from: 6, status: 10, actor: 'bench' });
  if (databaseUrl.startsWith('sqlite:')) {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(databaseUrl.slice('sqlite:'.length));
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.exec(ddl('integer primary key autoincrement'));
      const insert = db.prepare('insert into bench_bare (user_id, payload, at) values (?, ?, ?)');
      let n = 0;
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        // A slice at a time, yielding between slices (the process keeps its timers).
        for (let i = 0; i < 50; i++) insert.run(n++ % 1000, payload, Date.now());
        await new Promise((r) => setImmediate(r));
      }
      return n / seconds;
    } finally {
      db.close();
    }
  }
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    await pool.query(ddl('bigserial primary key'));
    let n = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, w) => {
        while (performance.now() < end) {
          await pool.query('insert into bench_bare (user_id, payload, at) values ($1, $2, $3)', [
            w,
            payload,
            Date.now(),
          ]);
          n += 1;
        }
      }),
    );
    return n / seconds;
  } finally {
    await pool.end();
  }
}
