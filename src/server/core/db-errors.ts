import { BizError } from './errors'

/**
 * A PostgreSQL unique violation (SQLSTATE 23505) of the named index, wherever the driver wraps it:
 * two concurrent writers both passed the application's check, and the index refused the second.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (!index || e.constraint === index || String(e.message ?? '').includes(index)))
      return true
  }
  return false
}

/** Runs `work`; a unique violation of `index` becomes a 400 with `message`. */
export async function uniqueOr<T>(index: string, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (isUniqueViolation(e, index)) throw new BizError(message)
    throw e
  }
}
