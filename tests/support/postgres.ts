/** The connection string of another database on the same PostgreSQL server. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
