import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { code } from '../db/schema'

type CodeRow = typeof code.$inferSelect

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
const AUDIT = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
])

function fieldType(dataType: string): { type: string; max?: number } {
  if (/int/.test(dataType) && dataType !== 'bigint') return { type: 'int' }
  if (dataType === 'bigint') return { type: 'id' }
  if (/numeric|decimal|double|real/.test(dataType)) return { type: 'decimal' }
  if (dataType === 'date') return { type: 'date' }
  if (/timestamp/.test(dataType)) return { type: 'datetime' }
  if (dataType === 'text') return { type: 'text' }
  return { type: 'string' }
}

/**
 * A shared resource definition (src/shared/resources/...) for one code-generation record, derived
 * from the live columns of its table: one field per column, audit columns left to the engine.
 */
export async function generateDefinition(
  db: Db,
  row: CodeRow,
  system: string,
): Promise<{ name: string; content: string }> {
  const table = String(row.tableName)
  const result = await db.execute(
    sql`select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  )
  const columns = ((result as unknown as { rows?: Record<string, unknown>[] }).rows ??
    (result as unknown as Record<string, unknown>[])) as {
    column_name: string
    data_type: string
    character_maximum_length: number | null
    is_nullable: string
  }[]
  const model = String(row.modelName)
  const name = model.charAt(0).toLowerCase() + model.slice(1)
  const prefix = row.tablePrefix ? String(row.tablePrefix) : ''
  const resourcePath = table.startsWith(prefix) ? table.slice(prefix.length) : table
  const fields = columns
    .filter((c) => !AUDIT.has(c.column_name))
    .map((c) => {
      const { type } = fieldType(c.data_type)
      const max =
        type === 'string' && c.character_maximum_length ? `, max: ${c.character_maximum_length}` : ''
      const required =
        c.is_nullable === 'NO'
          ? `, required: { zh: '请输入${c.column_name}', en: 'Please enter ${c.column_name}' }`
          : ''
      return `    { name: '${camel(c.column_name)}', type: '${type}'${max}, label: { zh: '${c.column_name}', en: '${c.column_name}' }${required} },`
    })
  const content = `import { defineResource } from '../../resource/types'

/** Generated from table ${table} (${system}). Review labels and validation before use. */
export const ${name}Resource = defineResource({
  name: '${name}',
  table: '${table}',
  basePath: '/api/${row.serviceName}/${resourcePath.replace(/_/g, '')}',
  label: { zh: '${row.codeName}', en: '${model}' },
  tenant: ${row.tenantMode === 0 ? 'false' : 'true'},
  permission: '${resourcePath}',
  fields: [
${fields.join('\n')}
  ],
})
`
  return { name: `src/shared/resources/${system}/${name}.ts`, content }
}
