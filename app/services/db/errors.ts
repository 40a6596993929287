/**
 * Database errors the app answers itself, on SQLite (better-sqlite3's
 * codes) and PostgreSQL (SQLSTATE).
 */

/** A unique index refused the row. */
export function isUniqueViolation(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/i.test(message ?? '')
  )
}
