import { is, sql, SQL, type Column } from 'drizzle-orm'

/**
 * Several reads in one statement, each answered as one json array: `select (select json_agg(…) from
 * (read a)) as a, (…) as b`. A statement fewer per extra read, and the driver parses one json value
 * instead of every field of every row (PGlite copies and decodes each field on its own). The reads'
 * columns must come through json unchanged: select them with `jsonFields`. `togetherRows` reads the
 * answer's row.
 */
export function togetherRead(reads: Record<string, SQL | { getSQL(): SQL }>): SQL {
  return sql`select ${sql.join(
    Object.entries(reads).map(
      ([key, read]) =>
        sql`(select coalesce(json_agg(${sql.identifier(`${key}_row`)}), '[]'::json) from (${read}) ${sql.identifier(`${key}_row`)}) as ${sql.identifier(key)}`,
    ),
    sql`, `,
  )}`
}

/** The arrays of a `togetherRead` row by key (a key the read did not name answers none). */
export function togetherRows<R extends Record<string, object>>(
  row: Record<string, unknown> | undefined,
  keys: (keyof R & string)[],
): { [K in keyof R]: R[K][] } {
  return Object.fromEntries(
    keys.map((key) => {
      const value = row?.[key]
      // node-postgres and PGlite both parse json; a driver answering text is parsed here
      return [key, typeof value === 'string' ? JSON.parse(value) : (value ?? [])]
    }),
  ) as { [K in keyof R]: R[K][] }
}

/**
 * Columns (or expressions) aliased by their keys, so json_agg names them as the JS row does; 64-bit
 * ids and numerics as text (json numbers would lose digits, and drizzle answers them as strings).
 * Dates and other driver-mapped types are refused: json would not give them back as drizzle does.
 */
export function jsonFields(fields: Record<string, Column | SQL>): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      if (!is(field, SQL)) {
        const type = field.getSQLType()
        if (type === 'bigint' || type.startsWith('numeric')) return [key, sql`${field}::text`.as(key)]
        if (!/^(integer|smallint|text|varchar|char|boolean)/.test(type))
          throw new Error(
            `jsonFields: ${field.name} (${type}) does not come back from json as drizzle maps it`,
          )
      }
      return [key, sql`${field}`.as(key)]
    }),
  )
}
