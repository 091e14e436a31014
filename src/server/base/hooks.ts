import { and, count, eq, getTableName, inArray, ne } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { isSchoolYear, termLabel, weeksBetween } from '../../shared/resources/base/school-year'
import type { Db } from '../db/client'
import {
  academic,
  baseClass,
  baseMajor,
  baseMajorDirection,
  baseStudent,
  baseTeacher,
  dept,
  eduMajorInfo,
  periodInfo,
  profession,
} from '../db/schema'
import type { ResourceHooks } from '../core/resource-routes'
import { isPlatformAdmin } from '../core/context'
import { ForbiddenError, bad } from '../core/errors'
import { requireUser } from '../core/scope'
import { dataOfTenant, liveRows } from '../core/data'
import { withNames } from './names'

type Row = Record<string, unknown>

const present = async (rows: Row[], request: FastifyRequest) => {
  if (!rows.length) return rows
  const tenantId = typeof rows[0].tenantId === 'string' ? rows[0].tenantId : requireUser(request).tenantId
  return withNames(request.server.db, tenantId, rows)
}

const given = (v: unknown): v is string => typeof v === 'string' && v !== ''

// Per transaction (a submit, or a whole import), the links already looked up: an import of thousands
// of rows naming the same few colleges and majors asks the database once per distinct value.
const seenLinks = new WeakMap<object, Map<string, boolean>>()

async function exists(db: Db, table: PgTable, tenantId: string, field: string, value: string) {
  let cache = seenLinks.get(db)
  if (!cache) seenLinks.set(db, (cache = new Map()))
  const key = `${getTableName(table)}|${tenantId}|${field}|${value}`
  const known = cache.get(key)
  if (known !== undefined) return known
  const c = table as unknown as Record<string, PgColumn>
  const rows = await db
    .select({ id: c.id })
    .from(table)
    .where(dataOfTenant(db, tenantId).rows(table, eq(c[field], value)))
    .limit(1)
  cache.set(key, rows.length > 0)
  return rows.length > 0
}

/** The college a row names must exist in the tenant. */
async function checkCollege(db: Db, tenantId: string, row: Row) {
  if (given(row.deptSerial) && !(await exists(db, dept, tenantId, 'serial', row.deptSerial)))
    bad(`院系号“${row.deptSerial}”不存在`)
}

/** The college and major a row names must exist in the tenant. */
async function checkLinks(db: Db, tenantId: string, row: Row) {
  await checkCollege(db, tenantId, row)
  if (given(row.majorSerial) && !(await exists(db, baseMajor, tenantId, 'majorSerial', row.majorSerial)))
    bad(`专业号“${row.majorSerial}”不存在`)
}

/** Rows of `table` in the tenant whose `field` is one of the values of the rows being removed. */
async function referenced(db: Db, table: PgTable, field: string, tenantId: string, values: string[]) {
  if (!values.length) return 0
  const c = table as unknown as Record<string, PgColumn>
  const [{ n }] = await db
    .select({ n: count() })
    .from(table)
    .where(dataOfTenant(db, tenantId).rows(table, inArray(c[field], values)))
  return Number(n)
}

async function valuesOf(db: Db, table: PgTable, field: string, ids: string[]) {
  const c = table as unknown as Record<string, PgColumn>
  const rows = await db.select({ v: c[field] }).from(table).where(inArray(c.id, ids))
  return rows.map((r) => String(r.v))
}

/** National catalogues are shared by every tenant: only the platform administrator changes them. */
function platformOnly(request: FastifyRequest, what: string) {
  if (!isPlatformAdmin(requireUser(request))) throw new ForbiddenError(`${what}由平台管理员维护`)
}

function catalogueHooks(
  table: typeof eduMajorInfo | typeof profession,
  what: string,
  levelOf?: (code: string) => number,
): ResourceHooks {
  return {
    async beforeSave({ db, request, row, isNew }) {
      platformOnly(request, what)
      const id = (request.body as Row | undefined)?.id
      const parentId = row.parentId ?? (isNew ? '0' : undefined)
      if (parentId !== undefined && parentId !== '0') {
        if (!isNew && String(parentId) === String(id)) bad('上级不能是自己')
        const parent = await db
          .select({ code: table.code })
          .from(table)
          .where(and(eq(table.id, String(parentId)), liveRows(table)))
          .limit(1)
        if (!parent.length) bad('上级不存在')
        if (given(row.code) && !row.code.startsWith(String(parent[0].code)))
          bad(`代码应以上级代码“${parent[0].code}”开头`)
      }
      if (given(row.code) && levelOf) row.level = levelOf(row.code)
    },
    async beforeRemove({ request }) {
      platformOnly(request, what)
    },
  }
}

const academicHooks: ResourceHooks = {
  async beforeSave({ db, request, row, isNew, tenantId }) {
    const id = (request.body as Row | undefined)?.id
    let merged: Row = row
    if (!isNew) {
      const [old] = await db
        .select()
        .from(academic)
        .where(eq(academic.id, String(id)))
        .limit(1)
      merged = { ...old, ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) }
    }
    const year = String(merged.academicYear ?? '')
    if (!isSchoolYear(year)) bad('学年格式不正确，后一年应比前一年大 1，如 2025-2026')
    const start = String(merged.startDate ?? '')
    const end = String(merged.endDate ?? '')
    if (start && end && end < start) bad('结束日期不能早于开始日期')
    const [term] = await db
      .select({ name: periodInfo.termName })
      .from(periodInfo)
      .where(dataOfTenant(db, tenantId).rows(periodInfo, eq(periodInfo.termCode, String(merged.term))))
      .limit(1)
    if (!term) bad('学期不存在，请先在“学期”中维护')
    const clash = await db
      .select({ id: academic.id })
      .from(academic)
      .where(
        dataOfTenant(db, tenantId).rows(
          academic,
          eq(academic.academicYear, year),
          eq(academic.term, String(merged.term)),
          isNew ? undefined : ne(academic.id, String(id)),
        ),
      )
      .limit(1)
    if (clash.length) bad(`${termLabel(year, String(term!.name))}已存在`)
    // The name follows the year and term unless the caller names the row itself.
    const moved = isNew || row.academicYear !== undefined || row.term !== undefined
    if (!given(row.name) && (moved || !given(merged.name))) row.name = termLabel(year, String(term!.name))
    if ((merged.weeks === undefined || merged.weeks === null) && start && end)
      row.weeks = weeksBetween(start, end)
    if (Number(row.isCurrent) === 1) {
      await db
        .update(academic)
        .set({ isCurrent: 0 })
        .where(
          dataOfTenant(db, tenantId).everRows(
            academic,
            eq(academic.isCurrent, 1),
            isNew ? undefined : ne(academic.id, String(id)),
          ),
        )
    }
  },
}

/** Behaviour of the base-data resources beyond the engine's standard routes, by resource name. */
export const baseHooks: Record<string, ResourceHooks> = {
  systeacher: {
    present,
    beforeSave: ({ db, row, tenantId }) => checkLinks(db, tenantId, row),
  },
  student: {
    present,
    async beforeSave({ db, row, tenantId }) {
      await checkLinks(db, tenantId, row)
      if (given(row.classNo) && !(await exists(db, baseClass, tenantId, 'classNo', row.classNo)))
        bad(`班级编号“${row.classNo}”不存在`)
    },
  },
  class: {
    present,
    beforeSave: ({ db, row, tenantId }) => checkLinks(db, tenantId, row),
    async beforeRemove({ db, ids, tenantId }) {
      const n = await referenced(
        db,
        baseStudent,
        'classNo',
        tenantId,
        await valuesOf(db, baseClass, 'classNo', ids),
      )
      if (n) bad(`所选班级下还有${n}名学生，不能删除`)
    },
  },
  sysmajor: {
    present,
    beforeSave: ({ db, row, tenantId }) => checkCollege(db, tenantId, row),
    async beforeRemove({ db, ids, tenantId }) {
      const serials = await valuesOf(db, baseMajor, 'majorSerial', ids)
      for (const [table, what] of [
        [baseClass, '班级'],
        [baseStudent, '学生'],
        [baseTeacher, '教师'],
        [baseMajorDirection, '专业方向'],
      ] as const) {
        const n = await referenced(db, table, 'majorSerial', tenantId, serials)
        if (n) bad(`所选专业下还有${n}条${what}数据，不能删除`)
      }
    },
  },
  majordirection: {
    present,
    async beforeSave({ db, request, row, isNew, tenantId }) {
      await checkLinks(db, tenantId, row)
      const id = (request.body as Row | undefined)?.id
      let major = row.majorSerial
      let name = row.directionName
      if (!isNew && (major === undefined || name === undefined)) {
        const [old] = await db
          .select()
          .from(baseMajorDirection)
          .where(eq(baseMajorDirection.id, String(id)))
          .limit(1)
        major ??= old?.majorSerial as string | undefined
        name ??= old?.directionName as string | undefined
      }
      const clash = await db
        .select({ id: baseMajorDirection.id })
        .from(baseMajorDirection)
        .where(
          dataOfTenant(db, tenantId).rows(
            baseMajorDirection,
            eq(baseMajorDirection.majorSerial, String(major)),
            eq(baseMajorDirection.directionName, String(name)),
            isNew ? undefined : ne(baseMajorDirection.id, String(id)),
          ),
        )
        .limit(1)
      if (clash.length) bad('该专业下已存在同名专业方向')
    },
  },
  academic: academicHooks,
  periodinfo: {
    async beforeSave({ db, request, row, isNew, tenantId }) {
      if (isNew || row.termCode === undefined) return
      const [old] = await db
        .select({ code: periodInfo.termCode })
        .from(periodInfo)
        .where(eq(periodInfo.id, String((request.body as Row).id)))
      if (
        old &&
        old.code !== row.termCode &&
        (await referenced(db, academic, 'term', tenantId, [String(old.code)]))
      )
        bad('该学期已被学年学期使用，不能修改学期编号')
    },
    async beforeRemove({ db, ids, tenantId }) {
      const n = await referenced(
        db,
        academic,
        'term',
        tenantId,
        await valuesOf(db, periodInfo, 'termCode', ids),
      )
      if (n) bad('所选学期已被学年学期使用，不能删除')
    },
  },
  edumajorinfo: catalogueHooks(eduMajorInfo, '学科专业目录', (code) =>
    code.length <= 2 ? 1 : code.length <= 4 ? 2 : 3,
  ),
  profession: catalogueHooks(profession, '专业技术职务'),
}
