import type { CheckItem, RuleCount } from '../../../shared/api/report'
import { RULES, ruleInfo, type RuleLevel, type RuleSetting } from '../../../shared/resources/report/rules'
import type { LayoutField, ReportSettings } from '../../../shared/resources/report/settings'
import { REPORT_TABLES, type ReportField, type TableCode } from '../../../shared/resources/report/tables'
import type { Data } from '../../core/data'
import type { College, SubmissionRow, TaskRow } from '../scope'

/**
 * One check run over one scope (reports-portal.md 4): the rows come from the database (checkData,
 * submit) or from a file about to be imported (the dry run), the other colleges' rows of the task
 * always from the database. Findings carry rule id, level (the year's setting), row and field.
 */
export interface CheckRow {
  /** null for rows of a file not imported yet. */
  id: string | null
  rowNo: number
  values: Record<string, unknown>
}

export interface CheckScope {
  data: Data
  task: TaskRow
  settings: ReportSettings
  table: TableCode
  college: College
  submission: SubmissionRow
}

/** Fields by name with their year's layout (width, kind, decimals). */
export interface FieldInfo {
  def: ReportField
  layout: LayoutField
  /** The label findings use: `单价` for `单价(元)`. */
  label: string
}

export const shortLabel = (label: string) => label.replace(/\((元|万元|m²)\)$/, '')

export const MAX_ITEMS = 200

export class CheckRun {
  readonly fields: FieldInfo[]
  readonly byName: Map<string, FieldInfo>
  readonly items: CheckItem[] = []
  /** Every finding, for storing (the answer keeps the first MAX_ITEMS). */
  readonly all: CheckItem[] = []
  errors = 0
  warnings = 0
  infos = 0
  checkedRows = 0

  constructor(readonly scope: CheckScope) {
    const layout = scope.settings.layouts[scope.table]
    this.fields = REPORT_TABLES[scope.table].fields.map((def, i) => ({
      def,
      layout: layout[i],
      label: shortLabel(def.label),
    }))
    this.byName = new Map(this.fields.map((f) => [f.def.name, f]))
  }

  get table(): TableCode {
    return this.scope.table
  }

  get settings(): ReportSettings {
    return this.scope.settings
  }

  /** The rule's level this year, or null when it is off. */
  level(ruleId: string): RuleLevel | null {
    const setting: RuleSetting | undefined = this.settings.ruleLevels[ruleId] ?? ruleInfo(ruleId)?.level
    return !setting || setting === 'off' ? null : setting
  }

  /** Whether a rule runs (so expensive lookups are skipped for rules that are off). */
  on(ruleId: string): boolean {
    return this.level(ruleId) !== null
  }

  emit(
    ruleId: string,
    row: CheckRow | null,
    field: string | null,
    message: string,
    value?: unknown,
    level?: RuleLevel,
  ): void {
    const l = level ?? this.level(ruleId)
    if (!l) return
    const info = field ? this.byName.get(field) : undefined
    const item: CheckItem = {
      ruleId,
      level: l,
      rowId: row?.id ?? null,
      rowNo: row?.rowNo ?? null,
      field,
      fieldLabel: info?.label ?? null,
      value: value === undefined || value === null ? null : String(value).slice(0, 500),
      message,
    }
    if (l === 'error') this.errors++
    else if (l === 'warning') this.warnings++
    else this.infos++
    this.all.push(item)
    if (this.items.length < MAX_ITEMS) this.items.push(item)
  }

  /** A notice with no row (I-11, I-12). */
  notice(ruleId: string, message: string): void {
    this.emit(ruleId, null, null, message, undefined, 'info')
  }

  byRule(): RuleCount[] {
    return byRuleOf(this.all)
  }
}

/**
 * Findings counted by rule and level, in the rules' order. A finding outside the rules (the notices
 * I-11, I-12: one fixed sentence, no row) is titled by its sentence.
 */
export function byRuleOf(findings: { ruleId: string; level: string; message: string }[]): RuleCount[] {
  const order = new Map(RULES.map((r, i) => [r.id, i]))
  const counts = new Map<string, RuleCount>()
  for (const f of findings) {
    const key = `${f.ruleId}|${f.level}`
    const c = counts.get(key) ?? {
      ruleId: f.ruleId,
      level: f.level as RuleLevel,
      count: 0,
      title: ruleInfo(f.ruleId)?.title ?? f.message,
    }
    c.count++
    counts.set(key, c)
  }
  return [...counts.values()].sort((a, b) => (order.get(a.ruleId) ?? 999) - (order.get(b.ruleId) ?? 999))
}
