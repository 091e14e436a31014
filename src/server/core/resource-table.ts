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
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
  type UniqueConstraintBuilder,
} from 'drizzle-orm/pg-core'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { toSnake } from '../../shared/resource/types'
import { auditColumns, id, tenantColumn } from '../db/columns'

/** The column builder each field type makes, so a resource table's rows are typed by its fields. */
interface Builders {
  int: ReturnType<typeof integer>
  decimal: ReturnType<typeof numeric>
  date: ReturnType<typeof date<'', 'string'>>
  datetime: ReturnType<typeof timestamp<'', 'date'>>
  id: ReturnType<typeof id>
  text: ReturnType<typeof text>
  ids: ReturnType<typeof text>
  string: ReturnType<typeof varchar>
}

type ResourceColumns<D extends ResourceDef> = {
  id: ReturnType<ReturnType<typeof id>['primaryKey']>
} & (D['tenant'] extends true ? { tenantId: ReturnType<typeof tenantColumn> } : unknown) & {
    [F in D['fields'][number] as F['name']]: Builders[F['type']]
  } & ReturnType<typeof auditColumns>

/** The drizzle table of a resource definition, its columns typed by the definition's fields. */
export type ResourceTable<D extends ResourceDef> = ReturnType<typeof pgTable<D['table'], ResourceColumns<D>>>

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

export interface ResourceTableOptions {
  /** Indexes beyond the tenant index (unique keys, lookups), given the table's columns by field name. */
  indexes?: (columns: Record<string, AnyPgColumn>) => (IndexBuilder | UniqueConstraintBuilder)[]
}

export function resourceTable<T extends ResourceDef>(
  def: T,
  options: ResourceTableOptions = {},
): ResourceTable<T> {
  const columns: Record<string, PgColumnBuilderBase> = { id: id('id').primaryKey() }
  if (def.tenant) columns.tenantId = tenantColumn()
  for (const f of def.fields) columns[f.name] = column(f)
  Object.assign(columns, auditColumns())
  const table = pgTable(def.table, columns, (t) => {
    const c = t as unknown as Record<string, AnyPgColumn>
    return [
      ...(def.tenant ? [index(`${def.table}_tenant_idx`).on(c.tenantId)] : []),
      ...(options.indexes?.(c) ?? []),
    ]
  })
  definitions.set(table, def)
  return table as unknown as ResourceTable<T>
}
