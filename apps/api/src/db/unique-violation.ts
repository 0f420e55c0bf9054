/** PostgreSQL 23505 or SQLite's UNIQUE constraint failure: another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23505' || (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}
