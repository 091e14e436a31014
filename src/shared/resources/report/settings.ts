import { z } from 'zod'
import { RULE_IDS, type RuleSetting } from './rules'
import { REPORT_TABLES, TABLE_CODES, type FieldKind, type TableCode } from './tables'

/**
 * 口径与格式: the settings of one year's task (reports-portal.md 1.1). Every uncertain width, threshold,
 * code map and rule level lives here, so a school changes them per 学年 and earlier years keep theirs.
 * A new task copies the latest earlier task's settings, else these defaults.
 */
export interface LayoutField {
  no: number
  name: string
  label: string
  width: number
  kind: FieldKind
  decimals: number
  align: 'L' | 'R'
}

export interface ReportSettings {
  sj1MinPrice: number
  excludedClassPrefixes: string[]
  sj3MinPrice: number
  bigItemPrice: number
  sj3MinHours: number
  yoyRatio: number
  fileName: string
  trainingUnit: string
  /** dict `education` key → SJ5 文化程度 code. */
  educationMap: Record<string, string>
  layouts: Record<TableCode, LayoutField[]>
  ruleLevels: Record<string, RuleSetting>
}

/** The default layout of a table: the fields of reports-portal.md 2. */
export function defaultLayout(table: TableCode): LayoutField[] {
  return REPORT_TABLES[table].fields.map((f, i) => ({
    no: i + 1,
    name: f.name,
    label: f.label,
    width: f.width,
    kind: f.kind,
    decimals: f.kind === 'D' ? (f.decimals ?? 2) : 0,
    align: f.kind === 'N' || f.kind === 'D' ? 'R' : 'L',
  }))
}

export function defaultSettings(): ReportSettings {
  return {
    sj1MinPrice: 800,
    excludedClassPrefixes: ['01', '02', '11', '13', '15', '16'],
    sj3MinPrice: 400000,
    bigItemPrice: 100000,
    sj3MinHours: 800,
    yoyRatio: 0.3,
    fileName: '{TABLE}{SCHOOL}.txt',
    trainingUnit: '月',
    educationMap: { '1': '11', '2': '14', '3': '21', '4': '31', '5': '41' },
    layouts: Object.fromEntries(TABLE_CODES.map((t) => [t, defaultLayout(t)])) as Record<
      TableCode,
      LayoutField[]
    >,
    ruleLevels: {},
  }
}

/** The record length of a layout in bytes. */
export const recordLength = (layout: LayoutField[]): number => layout.reduce((n, f) => n + f.width, 0)

const money = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .min(0, `${label}不能小于0`)
    .max(100000000, `${label}不能大于100000000`)

const LayoutFieldSchema = z.object({
  no: z.coerce.number().int(),
  name: z.string().max(40),
  label: z.string().max(60),
  width: z.coerce
    .number({ error: '宽度必须是整数' })
    .int('宽度必须是整数')
    .min(1, '宽度至少为1')
    .max(500, '宽度不能超过500'),
  kind: z.enum(['C', 'N', 'D', 'M', 'Y'], { error: '类型只能是C、N、D、M、Y' }),
  decimals: z.coerce.number().int('小数位必须是整数').min(0, '小数位不能小于0').max(2, '小数位不能超过2'),
  align: z.enum(['L', 'R'], { error: '对齐只能是L或R' }),
})

/** Which kinds a field may take in a year's layout: text stays text, numbers stay numbers. */
export function kindsAllowed(table: TableCode, name: string): FieldKind[] {
  const field = REPORT_TABLES[table].fields.find((f) => f.name === name)
  if (!field) return []
  if (field.kind === 'N') return ['N']
  if (field.kind === 'D') return ['D']
  return [field.kind]
}

/** Problems of a layout against its table's fields (order, names, kinds, widths), in Chinese. */
export function layoutProblems(table: TableCode, layout: LayoutField[]): string[] {
  const def = REPORT_TABLES[table]
  const problems: string[] = []
  if (layout.length !== def.fields.length) problems.push(`${def.short}的字段数应为${def.fields.length}`)
  def.fields.forEach((f, i) => {
    const l = layout[i]
    if (!l) return
    if (l.name !== f.name) problems.push(`${def.short}第${i + 1}个字段应为${f.label}`)
    else {
      if (!kindsAllowed(table, f.name).includes(l.kind))
        problems.push(`${def.short} ${f.label}的类型不能改为${l.kind}`)
      if ((l.kind === 'M' && l.width !== 6) || (l.kind === 'Y' && l.width !== 4))
        problems.push(`${def.short} ${f.label}的宽度应为${l.kind === 'M' ? 6 : 4}`)
      if (l.kind === 'N' && l.width > 9) problems.push(`${def.short} ${f.label}的宽度不能超过9`)
      if (l.kind === 'D' && l.width > 15) problems.push(`${def.short} ${f.label}的宽度不能超过15`)
      if (l.kind === 'D' && l.decimals > 0 && l.width < l.decimals + 2)
        problems.push(`${def.short} ${f.label}的宽度不足以写下${l.decimals}位小数`)
    }
  })
  return problems
}

const layoutsSchema = z
  .object(
    Object.fromEntries(TABLE_CODES.map((t) => [t, z.array(LayoutFieldSchema).max(60)])) as Record<
      TableCode,
      z.ZodArray<typeof LayoutFieldSchema>
    >,
  )
  .partial()

/** The settings as a form or a file sends them; missing keys take the defaults. */
export const SettingsSchema = z
  .object({
    sj1MinPrice: money('SJ1单价下限'),
    excludedClassPrefixes: z
      .union([z.array(z.string()), z.string()])
      .transform((v) => (Array.isArray(v) ? v : v.split(/[,，\s]+/)).map((s) => s.trim()).filter(Boolean))
      .refine((v) => v.every((s) => /^\d{2}$/.test(s)), '不统计的分类应为2位数字，以逗号分隔'),
    sj3MinPrice: money('SJ3单价下限'),
    bigItemPrice: money('大型设备单价'),
    sj3MinHours: z.coerce
      .number()
      .int('机时下限必须是整数')
      .min(0, '机时下限不能小于0')
      .max(9999, '机时下限不能大于9999'),
    yoyRatio: z.coerce.number().min(0, '变化阈值不能小于0').max(10, '变化阈值不能大于10'),
    fileName: z
      .string()
      .trim()
      .max(60, '文件名不能超过60个字符')
      .regex(/^[\w{}.\-]+\.txt$/i, '文件名只能含字母、数字、{TABLE}、{SCHOOL}，并以.txt结尾'),
    trainingUnit: z.string().trim().min(1, '请输入培训时间单位').max(10, '培训时间单位不能超过10个字符'),
    educationMap: z
      .record(z.string().max(10), z.string())
      .refine((m) => Object.values(m).every((v) => /^\d{2}$/.test(v)), '文化程度代码应为2位数字'),
    layouts: layoutsSchema,
    ruleLevels: z
      .record(
        z.string(),
        z.enum(['error', 'warning', 'info', 'off'], { error: '规则级别只能是错误、警告、提示或关闭' }),
      )
      .refine((m) => Object.keys(m).every((k) => RULE_IDS.includes(k)), '规则编号不存在'),
  })
  .partial()
  .transform((v, ctx) => {
    const s: ReportSettings = { ...defaultSettings(), ...v } as ReportSettings
    s.layouts = { ...defaultSettings().layouts, ...(v.layouts ?? {}) }
    for (const t of TABLE_CODES)
      for (const p of layoutProblems(t, s.layouts[t])) ctx.addIssue({ code: 'custom', message: p })
    return s
  })

/** The level a rule has in a year (its setting, else its default). */
export const levelIn = (settings: ReportSettings, ruleId: string, fallback: RuleSetting): RuleSetting =>
  settings.ruleLevels[ruleId] ?? fallback

/** The file name of a table's TXT in a year: `SJ110512.txt`. */
export const txtFileName = (settings: ReportSettings, table: TableCode, schoolCode: string): string =>
  settings.fileName.replace('{TABLE}', REPORT_TABLES[table].short).replace('{SCHOOL}', schoolCode)
