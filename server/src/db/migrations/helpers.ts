import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../index';

/** An auto-increment integer primary key in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
