import { sql, type RawBuilder } from 'kysely';

/** `%keyword%` for LIKE, with the keyword's own %, _ and \ taken literally (ESCAPE '\'). Lower-cased. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `lower(column) LIKE pattern ESCAPE '\'`: case-insensitive "contains" in SQLite and PostgreSQL alike (SQLite's
 * lower() folds ASCII only, which is all English text needs; Chinese has no case).
 */
export function contains(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
