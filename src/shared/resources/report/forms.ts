import type { FieldDef, FieldRule, ResourceDef } from '../../resource/types'
import { keysOf } from './codes'
import { REPORT_TABLES, type ReportField, type TableCode } from './tables'

/**
 * The add / edit form of a table's rows as a resource definition: the generic form dialog and grid
 * render it, and the server validates save/update with the same definition (`entitySchema`), so a
 * form and the server refuse with the check rules' messages (F-04, F-05, F-06, F-08, F-10, F-14).
 * 学校代码 is the task's and is not typed.
 */
export const emptyMessage = (f: ReportField): string =>
  f.empty ? `${f.label}不能为空，如无请填“${f.empty}”` : `${f.label}不能为空`

export const codeListText = (f: ReportField): string =>
  (f.codes?.items ?? []).map(([k, v]) => `${k} ${v}`).join('、')

function rulesOf(f: ReportField): FieldRule[] {
  const rule = (pattern: string, zh: string): FieldRule => ({ pattern, message: { zh, en: zh } })
  if (f.codes)
    return [rule(`^(${keysOf(f.codes).join('|')})$`, `${f.label}不在代码表中（${codeListText(f)}）`)]
  if (f.kind === 'M') return [rule('^\\d{4}(0[1-9]|1[0-2])$', `${f.label}应为YYYYMM格式（月份01-12）`)]
  if (f.kind === 'Y') return [rule('^\\d{4}$', `${f.label}应为YYYY格式`)]
  switch (f.rule) {
    case 'classCode':
      return [rule('^\\d{8}$', '分类号应为8位数字')]
    case 'country':
      return [rule('^\\d{3}$', '国别码应为3位数字（GB/T 2659，不详填000）')]
    case 'subject':
      return [rule('^\\d{4}$', `${f.label}应为4位学科代码`)]
    case 'title':
      return [rule('^\\d{3}$', '专业技术职务应为3位代码（GB/T 8561）')]
    case 'education':
    case 'expert':
      return [rule('^\\d{2}$', `${f.label}应为2位代码`)]
    default:
      return f.name === 'experimentType'
        ? [rule('^[1-5]\\*?$', '实验类型应为1-5，网络实验在代码后加“*”')]
        : []
  }
}

function fieldDef(table: TableCode, f: ReportField): FieldDef {
  const base = {
    name: f.name,
    label: { zh: f.label, en: f.label },
    required: { zh: emptyMessage(f), en: emptyMessage(f) },
    span: 12,
  }
  if (f.kind === 'N') return { ...base, type: 'int', min: 0, maxValue: 10 ** f.width - 1, control: 'number' }
  if (f.kind === 'D') return { ...base, type: 'decimal', min: 0, maxValue: 999999999999, control: 'number' }
  if (f.rule === 'schoolCode')
    return { name: f.name, label: base.label, type: 'string', max: 5, form: false, columnWidth: 80 }
  const def: FieldDef = {
    ...base,
    type: 'string',
    max: f.max ?? 255,
    rules: rulesOf(f),
    search: f.name === REPORT_TABLES[table].keyField || f.cut ? 'like' : undefined,
  }
  if (f.codes)
    def.options = f.codes.items.map(([value, zh]) => ({ value, label: { zh: `${value} ${zh}`, en: value } }))
  if (f.name === 'specification' && table === 'sj3') def.span = 24
  return def
}

const cache = new Map<TableCode, ResourceDef>()

/** The rows of one table as a resource (base path `/api/report/sjN`, routes page/detail/save/update/remove). */
export function reportRowResource(table: TableCode): ResourceDef {
  const hit = cache.get(table)
  if (hit) return hit
  const t = REPORT_TABLES[table]
  const fields: FieldDef[] = [
    {
      name: 'rowNo',
      type: 'int',
      label: { zh: '行号', en: 'Row' },
      form: false,
      columnWidth: 64,
    },
    ...t.fields.map((f) => fieldDef(table, f)),
    {
      name: 'remark',
      type: 'string',
      max: 500,
      label: { zh: '说明', en: 'Remark' },
      control: 'textarea',
      span: 24,
      list: false,
    },
  ]
  if (table === 'sj4')
    fields.splice(fields.length - 1, 0, {
      name: 'independentCourse',
      type: 'int',
      label: { zh: '独立设课', en: 'Independent course' },
      control: 'switch',
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      default: 0,
      list: false,
    })
  const def: ResourceDef = {
    name: `report_${table}`,
    table: `report_${table}`,
    basePath: `/api/report/${table}`,
    label: { zh: `${t.title}(${t.short})`, en: `${t.short} ${t.en}` },
    tenant: true,
    permission: `report_${table}`,
    routes: table === 'sj5' ? [] : ['page', 'detail', 'save', 'update', 'remove'],
    dialogWidth: t.fields.length > 20 ? 1000 : 860,
    fields,
  }
  cache.set(table, def)
  return def
}
