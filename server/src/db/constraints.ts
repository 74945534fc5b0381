/**
 * Uniqueness is a database constraint (DESIGN §4a), never a read before a write. Its violation is recognised here
 * for both dialects; the error path maps any such violation to 1005 (plugins/app/envelope.ts), and a service that can
 * say more precisely what was taken reads `uniqueViolationText`.
 */
interface DbError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  constraint?: unknown;
}

/** PostgreSQL 23505; SQLite's UNIQUE and PRIMARY KEY constraint codes (not its foreign key, NOT NULL or CHECK). */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const code = String((e as DbError).code ?? '');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The text naming the violated constraint or columns (e.g. `users.email`, `(email)=(…)`), '' when not one. */
export function uniqueViolationText(e: unknown): string {
  if (!isUniqueViolation(e)) return '';
  const err = e as DbError;
  return `${String(err.message ?? '')} ${String(err.detail ?? '')} ${String(err.constraint ?? '')}`;
}
