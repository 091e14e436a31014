import type { PgColumn } from 'drizzle-orm/pg-core'
import type { TableCode } from '../../shared/resources/report/tables'
import { reportSj1, reportSj2, reportSj3, reportSj4, reportSj5, reportSj6, reportSj7 } from '../db/schema'

/** The drizzle table of each report table. */
export const ROW_TABLES = {
  sj1: reportSj1,
  sj2: reportSj2,
  sj3: reportSj3,
  sj4: reportSj4,
  sj5: reportSj5,
  sj6: reportSj6,
  sj7: reportSj7,
} as const

export type RowTable = (typeof ROW_TABLES)[TableCode]
export type AnyRowTable =
  | typeof reportSj1
  | typeof reportSj2
  | typeof reportSj3
  | typeof reportSj4
  | typeof reportSj5
  | typeof reportSj6
  | typeof reportSj7

/** A report row as stored: the common columns and the table's fields by name. */
export type ReportRow = {
  id: string
  taskId: string
  academicYear: string
  collegeSerialNum: string
  submissionId: string
  rowNo: number
  sourceType: number
  sourceId: string | null
  remark: string | null
  createDept: string | null
  createTime: Date | null
  updateTime: Date | null
} & Record<string, unknown>

export const rowTable = (code: TableCode): AnyRowTable => ROW_TABLES[code]

/** A column of a row table by name (the MOE fields are typed per table; callers name them generically). */
export const col = (table: AnyRowTable, name: string): PgColumn =>
  (table as unknown as Record<string, PgColumn>)[name]
