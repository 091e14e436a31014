import { asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { baseStudent, teachBatchAssStudent, teachBatchPlan } from '../../db/schema'
import { versionOf } from '../../db/versions'
import type { BatchPlanRow } from '../../db/schema/schedule'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import type { CollisionNote } from '../../../shared/api/schedule'
import { lockTerm, runCheck, termLock } from './check'
import { contextsAt } from './context-cache'
import { contextOf, lineContext, markScheduling, type ContextRow, type LineContext } from './line'
import { CHECK_JSON_FIELDS, splitList, writeLinks, type CheckRow, type ClassStudents } from './load'
import { inputRowsOf, inputsColumn, inputsRead, inputsValues, WriteInputs } from './inputs'
import { batchValues, checkBatchNoFree, checkEditable, nextBatchNo, type BatchRequest } from './rules'

/** One batch of a write, as the routes pass it after the wire schema. */
export interface BatchItem {
  id?: string
  coursePlanProjectId?: string
  batchNo?: number
  weeks: number[]
  weekday?: number | null
  startSection?: number | null
  endSection?: number | null
  roomIds: string[]
  teacherIds: string[]
  classNos?: string[]
  studentNos?: string[]
}

export interface WriteResult {
  ids: string[]
  collisions: CollisionNote[]
}

/**
 * Runs the incremental check per term for the written plans (full rows as stored by the write, so they
 * are not read again); answers the new collisions.
 */
export async function checkWritten(
  data: Data,
  rows: readonly CheckRow[],
  known?: ClassStudents,
): Promise<CollisionNote[]> {
  const byTerm = new Map<string, CheckRow[]>()
  for (const r of rows)
    byTerm.set(String(r.academicYearId), [...(byTerm.get(String(r.academicYearId)) ?? []), r])
  const notes: CollisionNote[] = []
  for (const [term, written] of byTerm)
    notes.push(
      ...(
        await runCheck(
          data,
          term,
          written.map((r) => r.id),
          written,
          known,
        )
      ).notes,
    )
  return notes
}

/** Locks every term the write touches, in a fixed order. */
export async function lockTerms(data: Data, terms: Iterable<string>): Promise<void> {
  for (const term of [...new Set(terms)].sort()) await lockTerm(data, term)
}

/**
 * Replaces the assigned students of a batch: `[]` = the whole classes. Students must be in the
 * batch's classes and in no other batch of the line (学生张三已分配到第2批).
 */
export async function assignStudents(
  data: Data,
  row: CheckRow,
  studentNos: readonly string[],
): Promise<number | undefined> {
  const repo = data.repo(teachBatchAssStudent)
  await repo.deleteWhere([eq(teachBatchAssStudent.batchPlanId, row.id)])
  if (!studentNos.length) return undefined
  const classes = splitList(row.classNos)
  const students = await data.repo(baseStudent).find([inArray(baseStudent.studentNo, [...studentNos])])
  const known = new Map(students.map((s) => [String(s.studentNo), s]))
  for (const no of studentNos) {
    const s = known.get(no)
    if (!s) bad(`学生${no}不存在`)
    if (!classes.includes(String(s!.classNo)))
      bad(`学生${s!.studentName}（${no}）不在第${row.batchNo}批的班级中`)
  }
  const taken = await data.db
    .select({
      studentNo: teachBatchAssStudent.studentNo,
      batchPlanId: teachBatchAssStudent.batchPlanId,
      batchNo: teachBatchPlan.batchNo,
    })
    .from(teachBatchAssStudent)
    .innerJoin(teachBatchPlan, eq(teachBatchPlan.id, teachBatchAssStudent.batchPlanId))
    .where(
      data.rows(
        teachBatchAssStudent,
        eq(teachBatchAssStudent.coursePlanProjectId, String(row.coursePlanProjectId)),
        inArray(teachBatchAssStudent.studentNo, [...studentNos]),
        ne(teachBatchAssStudent.batchPlanId, row.id),
        ne(teachBatchPlan.batchNo, Number(row.batchNo)),
      ),
    )
    .limit(1)
  if (taken.length) {
    const s = known.get(taken[0].studentNo)
    bad(`学生${s?.studentName ?? taken[0].studentNo}已分配到第${taken[0].batchNo}批`)
  }
  await repo.insert(
    studentNos.map((no) => ({
      batchPlanId: row.id,
      coursePlanProjectId: String(row.coursePlanProjectId),
      academicYearId: String(row.academicYearId),
      weekday: Number(row.weekday ?? 0),
      studentNo: no,
      classNo: String(known.get(no)!.classNo ?? ''),
    })),
  )
  return studentNos.length
}

const requestOf = (item: BatchItem, batchNo: number, assignedCount?: number): BatchRequest => ({
  batchNo,
  weeks: item.weeks,
  weekday: item.weekday ?? null,
  startSection: item.startSection ?? null,
  endSection: item.endSection ?? null,
  roomIds: item.roomIds,
  teacherIds: item.teacherIds,
  classNos: item.classNos,
  assignedCount,
})

/** New batches (状态 未提交) on approved plan lines, each checked, then the incremental collision check. */
export async function createBatches(
  data: Data,
  items: readonly BatchItem[],
  contexts = new Map<string, LineContext>(),
): Promise<WriteResult> {
  for (const item of items) {
    if (!item.coursePlanProjectId) bad('请选择计划项目')
    if (!contexts.has(item.coursePlanProjectId!))
      contexts.set(item.coursePlanProjectId!, await lineContext(data, item.coursePlanProjectId!))
  }
  await lockTerms(
    data,
    [...contexts.values()].map((c) => String(c.plan.academicYearId)),
  )
  const repo = data.repo(teachBatchPlan)
  const rows: BatchPlanRow[] = []
  const inputs = new WriteInputs()
  for (const item of items) {
    const ctx = contexts.get(item.coursePlanProjectId!)!
    const batchNo = item.batchNo ?? (await nextBatchNo(data, ctx.line.id))
    await checkBatchNoFree(data, ctx.line.id, batchNo)
    const values = await batchValues(
      data,
      ctx,
      requestOf(item, batchNo, item.studentNos?.length || undefined),
      inputs,
    )
    const [id] = await repo.insert({ ...values, status: BATCH_STATUS.draft, collisionStatus: 0 })
    const row = (await repo.get(id))!
    await writeLinks(data, row)
    if (item.studentNos?.length) await assignStudents(data, row, item.studentNos)
    rows.push(row)
  }
  await markScheduling(data, contexts.values())
  return { ids: rows.map((r) => r.id), collisions: await checkWritten(data, rows, inputs.students) }
}

/** Edits of unpublished batches (time, rooms, teachers, classes, students when given). */
export async function updateBatches(data: Data, items: readonly BatchItem[]): Promise<WriteResult> {
  const repo = data.repo(teachBatchPlan)
  const inputs = new WriteInputs()
  const existing = await lockedEdit(data, items, inputs)
  const rows: CheckRow[] = []
  const contexts = new Map<string, LineContext>()
  for (const item of items) {
    const { row: current, line } = existing.get(item.id!)!
    checkEditable(current)
    const lineId = String(current.coursePlanProjectId)
    const ctx = contexts.get(lineId) ?? contextOf(line)
    contexts.set(lineId, ctx)
    const batchNo = item.batchNo ?? Number(current.batchNo)
    if (batchNo !== Number(current.batchNo)) await checkBatchNoFree(data, ctx.line.id, batchNo, current.id)
    let assignedCount: number | undefined
    if (item.studentNos) assignedCount = item.studentNos.length || undefined
    else if (Number(current.assigned) === 1)
      assignedCount = await data
        .repo(teachBatchAssStudent)
        .count(eq(teachBatchAssStudent.batchPlanId, current.id))
    const values = await batchValues(
      data,
      ctx,
      requestOf({ ...item, classNos: classesOf(item, current) }, batchNo, assignedCount),
      inputs,
    )
    await repo.update(current.id, values)
    const row: CheckRow = { ...current, ...values }
    await writeLinks(data, row, current)
    if (item.studentNos) await assignStudents(data, row, item.studentNos)
    rows.push(row)
  }
  return { ids: rows.map((r) => r.id), collisions: await checkWritten(data, rows, inputs.students) }
}

/** An edit that names no classes keeps the batch's own (批量修改 sends none), not the line's. */
const classesOf = (item: BatchItem, current: CheckRow) => item.classNos ?? splitList(current.classNos)

/**
 * What an edit reads once its terms are locked (lockBatchTerms), in one statement: the rows (the check's
 * columns, see checkFields: the edit needs no more), the tenant's `teachContext` version and, on the
 * first row, the items' rooms, teachers and classes' students (taken into `inputs`, so checking the
 * batches reads none of them again); then each row's line context as kept at that version
 * (context-cache.ts: a line context read only when the process does not hold it; a row whose line is
 * gone gets none, and contextOf refuses it).
 */
async function lockedEdit(
  data: Data,
  items: readonly BatchItem[],
  inputs: WriteInputs,
): Promise<Map<string, { row: CheckRow; line: ContextRow | undefined }>> {
  const unique = [...new Set(items.map((i) => i.id ?? bad('修改数据缺少主键')))]
  if (!unique.length) return new Map()
  const ask = inputs.missing({
    roomIds: items.flatMap((i) => i.roomIds),
    teacherIds: items.flatMap((i) => i.teacherIds),
    classNos: items.flatMap((i) => i.classNos ?? []),
  })
  const ownClasses = items.filter((i) => !i.classNos).map((i) => i.id!)
  const firstId = unique.reduce((a, b) => (BigInt(a) < BigInt(b) ? a : b))
  await lockBatchTerms(data, unique)
  const read = await data.kept<EditRow>('schedule.edit', () => editRead(data), {
    ids: unique,
    first: firstId,
    ...inputsValues(ask, ownClasses),
  })
  if (read.length !== unique.length) bad('排课不存在或无权修改')
  inputs.take(ask, inputRowsOf(read[0].inputs))
  const contexts = await contextsAt(
    data,
    read[0].contextVersion,
    read.map((r) => String(r.coursePlanProjectId)),
  )
  const out = new Map<string, { row: CheckRow; line: ContextRow | undefined }>()
  for (const { contextVersion: _version, inputs: _inputs, ...row } of read)
    out.set(row.id, { row, line: contexts.get(String(row.coursePlanProjectId)) })
  // The rows' own classes were read with them: those without students are known to have none.
  const classNos = items.flatMap((i) => classesOf(i, out.get(i.id!)!.row))
  inputs.take({ roomIds: [], teacherIds: [], classNos }, [])
  return out
}

/** A row of `editRead`. */
type EditRow = CheckRow & { contextVersion: string; inputs: unknown }

/** The live batch plans of the placeholder `ids`. */
const ofIds = (data: Data) =>
  data.rows(teachBatchPlan, sql`${teachBatchPlan.id} = any(${sql.placeholder('ids')})`)

/**
 * lockedEdit's read, kept (Data.kept): the rows of the placeholder `ids` (the check's columns), the
 * `teachContext` version and, on the row of `first`, the inputs (inputsValues).
 */
function editRead(data: Data) {
  return data.db
    .select({
      ...CHECK_JSON_FIELDS,
      contextVersion: versionOf(data.tenantId, 'teachContext').as('contextVersion'),
      inputs: inputsColumn(inputsRead(data), eq(teachBatchPlan.id, sql.placeholder('first'))).as('inputs'),
    })
    .from(teachBatchPlan)
    .where(ofIds(data))
    .orderBy(asc(teachBatchPlan.id))
}

/**
 * The live batch rows of some ids (all in reach, else refused), read once the terms they are in are
 * locked (lockBatchTerms).
 */
export async function needBatches(data: Data, ids: readonly string[]): Promise<BatchPlanRow[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  await lockBatchTerms(data, unique)
  const rows = await data.repo(teachBatchPlan).find([inArray(teachBatchPlan.id, unique)])
  if (rows.length !== unique.length) bad('排课不存在或无权访问')
  return rows
}

/**
 * Locks the terms of some batch plans (lockTerm's lock, once each, in lockTerms' order) in a statement
 * of its own, kept (Data.kept). Under READ COMMITTED a statement sees the database as it was when the
 * statement began, waits included: what a write goes by is read in a later statement, so it includes
 * whatever the writer it waited for committed.
 */
export async function lockBatchTerms(data: Data, ids: readonly string[]): Promise<void> {
  await data.kept('schedule.lockBatchTerms', () => sql`select ${termLocks(data)}`, { ids })
}

/** The term locks of the batch plans of the placeholder `ids`, as one scalar (terms in order, each once). */
function termLocks(data: Data) {
  const terms = data.db
    .selectDistinct({ term: sql`${teachBatchPlan.academicYearId}::text`.as('term') })
    .from(teachBatchPlan)
    .where(ofIds(data))
    .orderBy(sql`1`)
    .as('terms')
  return sql<number>`(select count(${termLock(data, sql`${terms.term}`)}) from ${terms})`
}

export const byStatus = (rows: readonly BatchPlanRow[], status: number) =>
  rows.filter((r) => Number(r.status) === status)
