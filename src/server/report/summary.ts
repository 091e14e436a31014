import { count, inArray, sql, type SQL } from 'drizzle-orm'
import type { Summary, SummaryRow } from '../../shared/api/report'
import { fixed, formatScaled, sumScaled, toScaled, yuanToWan } from '../../shared/resources/report/decimal'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import {
  findTask,
  resolveCollege,
  settingsOf,
  taskColleges,
  taskSubmissions,
  type SubmissionRow,
  type TaskRef,
} from './scope'
import { col, rowTable } from './tables'

/**
 * Key figures of a table per college (summary-select, 报表审核, 历史报表): counts and sums by SQL
 * aggregate; SJ2 and SJ7 summed field by field (the school's one record).
 */
type Figures = Record<string, string | number | null>

function aggregates(table: TableCode, big: number): Record<string, SQL> {
  const t = rowTable(table)
  const c = (name: string) => col(t, name)
  const sum = (name: string) => sql<string>`coalesce(sum(${c(name)}), 0)`
  switch (table) {
    case 'sj1':
      return {
        rows: sql`count(*)`,
        amount: sum('unitPrice'),
        bigCount: sql`count(*) filter (where ${c('unitPrice')} >= ${big})`,
        bigAmount: sql`coalesce(sum(${c('unitPrice')}) filter (where ${c('unitPrice')} >= ${big}), 0)`,
      }
    case 'sj3':
      return {
        rows: sql`count(*)`,
        amount: sum('unitPrice'),
        hours: sql`coalesce(sum(coalesce(${c('teachHours')}, 0) + coalesce(${c('researchHours')}, 0) + coalesce(${c('serviceHours')}, 0)), 0)`,
        samples: sum('sampleCount'),
      }
    case 'sj4':
      return { rows: sql`count(*)`, people: sum('experimenterCount'), hours: sum('hours') }
    case 'sj5':
      return { rows: sql`count(*)` }
    case 'sj6':
      return {
        rows: sql`count(*)`,
        area: sum('area'),
        runningFunds: sum('runningFunds'),
        materialFunds: sum('materialFunds'),
      }
    default:
      return Object.fromEntries(
        REPORT_TABLES[table].fields
          .filter((f) => f.kind === 'N' || f.kind === 'D')
          .map((f) => [f.name, sum(f.name)]),
      )
  }
}

/** Figures as shown: 元 sums in 万元, decimals fixed, counts as numbers. */
function shape(table: TableCode, raw: Record<string, unknown>): Figures {
  const out: Figures = {}
  for (const [k, v] of Object.entries(raw)) {
    if ((table === 'sj1' || table === 'sj3') && (k === 'amount' || k === 'bigAmount'))
      out[k] = yuanToWan(toScaled(v) ?? 0n)
    else if (table === 'sj6' && k !== 'rows') out[k] = fixed(v ?? 0, 2)
    else if (table === 'sj2' || table === 'sj7') {
      const f = REPORT_TABLES[table].fields.find((x) => x.name === k)
      out[k] = f?.kind === 'D' ? fixed(v ?? 0, f.decimals ?? 2) : Number(v ?? 0)
    } else out[k] = Number(v ?? 0)
  }
  return out
}

async function figuresBySubmission(data: Data, table: TableCode, subs: SubmissionRow[], big: number) {
  const t = rowTable(table)
  const out = new Map<string, Figures>()
  if (!subs.length) return out
  const rows = await data.db
    .select({ sub: t.submissionId, n: count(), ...aggregates(table, big) })
    .from(t)
    .where(
      data.rows(
        t,
        inArray(
          t.submissionId,
          subs.map((s) => s.id),
        ),
      ),
    )
    .groupBy(t.submissionId)
  for (const r of rows as Record<string, unknown>[]) {
    const { sub, n: _n, ...rest } = r
    out.set(String(sub), shape(table, rest))
  }
  return out
}

function zeroFigures(table: TableCode, big: number): Figures {
  return shape(table, Object.fromEntries(Object.keys(aggregates(table, big)).map((k) => [k, 0])))
}

/** Σ of figures over colleges (decimals exactly). */
function total(table: TableCode, list: Figures[], big: number): Figures {
  const keys = Object.keys(zeroFigures(table, big))
  const out: Figures = {}
  for (const k of keys) {
    const values = list.map((f) => f[k])
    const decimal = values.some((v) => typeof v === 'string')
    out[k] = decimal
      ? formatScaled(sumScaled(values), 2)
      : values.reduce<number>((a, v) => a + Number(v ?? 0), 0)
  }
  return out
}

/** The figures of one submission (报表审核). */
export async function scopeSummary(data: Data, table: TableCode, sub: SubmissionRow): Promise<Figures> {
  const task = await findTask(data, { taskSerialNum: sub.taskSerialNum })
  const big = settingsOf(task).bigItemPrice
  return (await figuresBySubmission(data, table, [sub], big)).get(sub.id) ?? zeroFigures(table, big)
}

/** summary-select: per college {status, rowCount, figures} and the total (SJ2/SJ7: the summed record). */
export async function summarySelect(
  data: Data,
  table: TableCode,
  query: TaskRef & { collegeSerialNum?: string },
): Promise<Summary> {
  const task = await findTask(data, query)
  const big = settingsOf(task).bigItemPrice
  const college = await resolveCollege(data, task, query.collegeSerialNum, { required: false })
  const subs = (await taskSubmissions(data, task.id, table)).filter(
    (s) => !college || s.collegeSerialNum === college.serial,
  )
  const figures = await figuresBySubmission(data, table, subs, big)
  const colleges = await taskColleges(data, task)
  const rows: SummaryRow[] = colleges
    .filter((c) => subs.some((s) => s.collegeSerialNum === c.serial))
    .map((c) => {
      const sub = subs.find((s) => s.collegeSerialNum === c.serial)!
      return {
        collegeSerialNum: c.serial,
        collegeName: c.name,
        status: sub.status,
        rowCount: sub.rowCount,
        figures: figures.get(sub.id) ?? zeroFigures(table, big),
      }
    })
  return {
    tableCode: table,
    colleges: rows,
    total: total(
      table,
      rows.map((r) => r.figures),
      big,
    ),
  }
}
