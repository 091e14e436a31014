import {
  pgTable,
  type PgTable,
  varchar,
  text,
  integer,
  numeric,
  date,
  timestamp,
  index,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { toSnake } from '../../shared/resource/types'
import { auditColumns, id, tenantColumn } from '../db/columns'

function column(f: FieldDef): PgColumnBuilderBase {
  const name = toSnake(f.name)
  switch (f.type) {
    case 'int':
      return integer(name)
    case 'decimal':
      return numeric(name, { precision: 18, scale: 4 })
    case 'date':
      return date(name, { mode: 'string' })
    case 'datetime':
      return timestamp(name, { mode: 'date' })
    case 'id':
      return id(name)
    case 'text':
    case 'ids':
      return text(name)
    case 'string':
    default:
      return varchar(name, { length: f.max ?? 255 })
  }
}

/**
 * The table of a plain resource, derived from its shared definition: an id, the tenant column when
 * the resource is tenant-owned, one column per field, and the BladeX audit columns.
 */
const definitions = new WeakMap<object, ResourceDef>()

/** The definition a table was derived from (for route registration). */
export const definitionOf = (table: PgTable): ResourceDef | undefined => definitions.get(table)

export function resourceTable<T extends ResourceDef>(def: T) {
  const columns: Record<string, PgColumnBuilderBase> = { id: id('id').primaryKey() }
  if (def.tenant) columns.tenantId = tenantColumn()
  for (const f of def.fields) columns[f.name] = column(f)
  Object.assign(columns, auditColumns())
  const table = pgTable(def.table, columns, (t) =>
    def.tenant ? [index(`${def.table}_tenant_idx`).on((t as Record<string, never>).tenantId)] : [],
  )
  definitions.set(table, def)
  return table
}
