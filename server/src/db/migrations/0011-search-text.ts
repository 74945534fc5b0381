import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';

/** The names multiplesearch looks in: table, its text columns (both languages). */
export const SEARCHED = [
  { table: 'restaurants', columns: ['name_cn', 'name_en'] },
  { table: 'menu_items', columns: ['name_cn', 'name_en'] },
  { table: 'articles', columns: ['title_cn', 'title_en'] },
] as const;

/** SQLite's full-text table over `table`'s searched names. */
export const ftsTable = (table: string) => `${table}_fts`;

/**
 * Text indexes for multiplesearch's "name contains the keyword" (any part of a word, Chinese or English):
 * - SQLite: an FTS5 table per searched table with the trigram tokenizer (case-insensitive), kept in step with its
 *   table by triggers (external content: the names are stored once). A phrase query finds every row containing a
 *   keyword of 3 or more characters; the search still applies its exact LIKE test to those rows.
 * - PostgreSQL: pg_trgm GIN indexes on lower(name) that the same `lower(name) LIKE '%…%'` uses (rows rechecked).
 */
export function m0011SearchText(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const { table, columns } of SEARCHED) {
          for (const column of columns) {
            await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
              db,
            );
          }
        }
        return;
      }
      for (const { table, columns } of SEARCHED) {
        const fts = ftsTable(table);
        const cols = sql.join(columns.map((c) => sql.ref(c)));
        const fresh = sql.join(columns.map((c) => sql.ref(`new.${c}`)));
        const old = sql.join(columns.map((c) => sql.ref(`old.${c}`)));
        const add = sql`insert into ${sql.table(fts)} (rowid, ${cols}) values (new.id, ${fresh});`;
        const remove = sql`insert into ${sql.table(fts)} (${sql.table(fts)}, rowid, ${cols}) values ('delete', old.id, ${old});`;
        await sql`create virtual table ${sql.table(fts)} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${sql.table(table)} begin ${add} end`.execute(
          db,
        );
        await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${sql.table(table)} begin ${remove} end`.execute(
          db,
        );
        await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${cols} on ${sql.table(table)} begin ${remove} ${add} end`.execute(
          db,
        );
        await sql`insert into ${sql.table(fts)} (${sql.table(fts)}) values ('rebuild')`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table, columns } of SEARCHED) {
        if (dialect === 'postgres') {
          for (const column of columns)
            await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
          continue;
        }
        const fts = ftsTable(table);
        for (const t of ['insert', 'delete', 'update'])
          await sql`drop trigger if exists ${sql.id(`${fts}_${t}`)}`.execute(db);
        await sql`drop table if exists ${sql.table(fts)}`.execute(db);
      }
    },
  };
}
