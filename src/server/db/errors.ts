// What a database error means, the same on node-postgres and PGlite (drizzle wraps the driver's
// error as `cause`).

function pgCode(err: unknown): { code?: string; constraint?: string } {
  const own = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (own?.code) return own;
  return (own?.cause as { code?: string; constraint?: string } | null) ?? {};
}

/** A unique index refused the write; `constraint`, when given, must be the one that did. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const { code, constraint: actual } = pgCode(err);
  return code === '23505' && (constraint === undefined || actual === constraint);
}

/** A foreign key refused the write: a row still refers to the one being deleted. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgCode(err).code === '23503';
}
