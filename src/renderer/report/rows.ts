import type { ResourceDef } from '../../shared/resource/types'
import { reportRowResource } from '../../shared/resources/report/forms'
import type { TableCode } from '../../shared/resources/report/tables'

const cache = new Map<TableCode, ResourceDef>()

/**
 * The grid of an SJ screen: the rows' resource definition with a 校验 column first (the row's worst
 * finding since its last change). Import and export are the screen's own (TXT and Excel through the
 * server's layout), so the generic ones stay off; SJ5 is read-only (decision 7).
 */
export function rowGridDef(table: TableCode): ResourceDef {
  const hit = cache.get(table)
  if (hit) return hit
  const base = reportRowResource(table)
  const def: ResourceDef = {
    ...base,
    actions: table === 'sj5' ? { add: false, edit: false, delete: false } : base.actions,
    fields: [
      {
        name: 'checkLevel',
        type: 'string',
        label: { zh: '校验', en: 'Check' },
        form: false,
        columnWidth: 72,
        options: [
          { value: 'error', label: { zh: '错误', en: 'Error' } },
          { value: 'warning', label: { zh: '警告', en: 'Warning' } },
          { value: 'info', label: { zh: '提示', en: 'Info' } },
          { value: 'ok', label: { zh: '通过', en: 'OK' } },
        ],
      },
      ...base.fields,
    ],
  }
  cache.set(table, def)
  return def
}

/** `/report/sj3` → `sj3`. */
export const tableOfPath = (path: string): TableCode =>
  (/\/report\/(sj[1-7])/.exec(path)?.[1] ?? 'sj1') as TableCode
