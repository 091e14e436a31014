import { desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { ReportTask } from '../../shared/api/report'
import { TaskBody } from '../../shared/api/report'
import { SettingsSchema, defaultSettings, type ReportSettings } from '../../shared/resources/report/settings'
import {
  SUBMIT_STATUS,
  TASK_STATUS,
  tablesOfSchoolType,
  type TableCode,
} from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { ensureBuiltinFlows } from '../flow/builtins'
import { flowDefinition, reportSubmission, reportTask } from '../db/schema'
import { anySubmitted, collegesBySerial, serialsOf, tablesOf, type College, type TaskRow } from './scope'
import { ROW_TABLES } from './tables'

/**
 * 报表任务 (reports-portal.md 1): one per 学年, saved as 草稿, 下发 creates the task × college × table
 * submissions. After issue only the name, deadline, remark, colleges (added, or removed while they have
 * no rows) and, until a college has submitted, the settings may change.
 */
export const REPORT_FLOW_KEY = 'reportAudit'
const FLOW_CATEGORY = 'flow_12'

type TaskInput = z.output<typeof TaskBody>

const YEAR = /^(\d{4})-(\d{4})$/

export function presentTask(t: TaskRow, settingsFrozen?: boolean): ReportTask {
  return {
    id: t.id,
    taskSerialNum: t.taskSerialNum,
    taskName: t.taskName,
    academicYear: t.academicYear,
    schoolCode: t.schoolCode,
    statEndMonth: t.statEndMonth,
    schoolType: t.schoolType,
    tableCodes: t.tableCodes,
    collegeSerialNums: t.collegeSerialNums,
    processDefinitionId: t.processDefinitionId,
    deadline: t.deadline,
    status: t.status,
    settings: SettingsSchema.parse(t.settings ?? {}),
    remark: t.remark,
    issueTime: t.issueTime ? fmt(t.issueTime) : null,
    createTime: t.createTime ? fmt(t.createTime) : null,
    ...(settingsFrozen === undefined ? {} : { settingsFrozen }),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
export const fmt = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`

/** The settings a new task starts from: the latest earlier task's, else the defaults. */
export async function inheritedSettings(data: Data, academicYear: string): Promise<ReportSettings> {
  const [last] = await data
    .repo(reportTask)
    .find([lt(reportTask.academicYear, academicYear)], { sort: [desc(reportTask.academicYear)], limit: 1 })
  return last ? SettingsSchema.parse(last.settings ?? {}) : defaultSettings()
}

function parseSettings(raw: unknown): ReportSettings {
  const parsed = SettingsSchema.safeParse(raw ?? {})
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '口径与格式设置不正确')
  return parsed.data!
}

/** The audit flow: a deployed version of the report audit (category flow_12); default its latest. */
async function auditFlow(data: Data, chosen: string | null | undefined): Promise<string> {
  await ensureBuiltinFlows(data.db, data.tenantId)
  if (chosen) {
    const [found] = await data.db
      .select({ id: flowDefinition.id, key: flowDefinition.key, category: flowDefinition.category })
      .from(flowDefinition)
      .where(data.rows(flowDefinition, eq(flowDefinition.id, chosen)))
    if (!found || found.category !== FLOW_CATEGORY) bad('审核流程不存在，请选择统计报表审核流程')
    if (found!.key !== REPORT_FLOW_KEY) bad('审核流程必须是统计报表审核流程（reportAudit）的已部署版本')
    return found!.id
  }
  const [latest] = await data.db
    .select({ id: flowDefinition.id })
    .from(flowDefinition)
    .where(data.rows(flowDefinition, eq(flowDefinition.key, REPORT_FLOW_KEY)))
    .orderBy(desc(flowDefinition.version))
    .limit(1)
  return latest?.id ?? bad('请先部署统计报表审核流程')
}

async function checkColleges(data: Data, serials: string[]): Promise<Map<string, College>> {
  if (!serials.length) bad('请选择填报单位')
  const unique = [...new Set(serials)]
  if (unique.length !== serials.length) bad('填报单位重复')
  const found = await collegesBySerial(data, unique)
  const missing = unique.filter((s) => !found.has(s))
  if (missing.length) bad(`院系号${missing.join('、')}不存在`)
  return found
}

function validateFields(input: TaskInput, isNew: boolean) {
  const need = <T>(v: T | undefined | null | '', message: string): T => {
    if (v === undefined || v === null || v === '') return bad(message)
    return v as T
  }
  if (isNew || input.taskName !== undefined) need(input.taskName, '请输入任务名称')
  if (isNew || input.academicYear !== undefined) {
    const m = YEAR.exec(need(input.academicYear, '请选择学年'))
    if (!m || Number(m[2]) !== Number(m[1]) + 1) bad('学年格式应为2024-2025')
  }
  if (isNew || input.schoolCode !== undefined)
    if (!/^\d{5}$/.test(need(input.schoolCode, '请输入学校代码'))) bad('学校代码应为5位数字')
  if (
    input.statEndMonth !== undefined &&
    input.statEndMonth !== '' &&
    !/^\d{4}(0[1-9]|1[0-2])$/.test(input.statEndMonth)
  )
    bad('统计截止年月应为YYYYMM格式（月份01-12）')
  if (isNew || input.schoolType !== undefined)
    if (![1, 2].includes(need(input.schoolType, '请选择学校类型'))) bad('请选择学校类型')
  if (isNew) need(input.collegeSerialNums?.length ? input.collegeSerialNums : undefined, '请选择填报单位')
}

export async function saveTask(data: Data, input: TaskInput): Promise<TaskRow> {
  validateFields(input, true)
  const academicYear = input.academicYear!
  const repo = data.repo(reportTask)
  if (await repo.exists(eq(reportTask.academicYear, academicYear))) bad('该学年已有报表任务')
  const serials = input.collegeSerialNums!
  await checkColleges(data, serials)
  const second = academicYear.slice(5)
  const settings = input.settings
    ? parseSettings(input.settings)
    : await inheritedSettings(data, academicYear)
  const [id] = await repo.insert({
    taskSerialNum: `RW${academicYear.slice(0, 4)}`,
    taskName: input.taskName!,
    academicYear,
    schoolCode: input.schoolCode!,
    statEndMonth: input.statEndMonth || `${second}08`,
    schoolType: input.schoolType!,
    tableCodes: tablesOfSchoolType(input.schoolType!).join(','),
    collegeSerialNums: serials.join(','),
    processDefinitionId: await auditFlow(data, input.processDefinitionId),
    deadline: input.deadline || null,
    settings,
    remark: input.remark ?? null,
    status: TASK_STATUS.draft,
  })
  return repo.need(id)
}

async function collegeHasRows(data: Data, taskId: string, serial: string): Promise<boolean> {
  for (const table of Object.values(ROW_TABLES))
    if (await data.repo(table).exists(eq(table.taskId, taskId), eq(table.collegeSerialNum, serial)))
      return true
  return false
}

export async function updateTask(data: Data, input: TaskInput): Promise<TaskRow> {
  if (!input.id) bad('请选择报表任务')
  const repo = data.repo(reportTask)
  const [locked] = await data.db
    .select()
    .from(reportTask)
    .where(data.rows(reportTask, eq(reportTask.id, input.id!)))
    .for('update')
  const task = locked ?? bad('数据不存在或无权访问')
  validateFields(input, false)
  const patch: Partial<typeof reportTask.$inferInsert> = {}
  if (input.taskName !== undefined) patch.taskName = input.taskName
  if (input.deadline !== undefined) patch.deadline = input.deadline || null
  if (input.remark !== undefined) patch.remark = input.remark ?? null

  const issued = task.status !== TASK_STATUS.draft
  const frozenFields: [keyof TaskInput, unknown, unknown][] = [
    ['academicYear', input.academicYear, task.academicYear],
    ['schoolCode', input.schoolCode, task.schoolCode],
    ['statEndMonth', input.statEndMonth, task.statEndMonth],
    ['schoolType', input.schoolType, task.schoolType],
    ['processDefinitionId', input.processDefinitionId, task.processDefinitionId],
  ]
  for (const [, given, stored] of frozenFields)
    if (issued && given !== undefined && given !== null && given !== '' && String(given) !== String(stored))
      bad('报表任务已下发，只能修改任务名称、截止日期、备注、填报单位和口径与格式')
  if (!issued) {
    if (input.academicYear !== undefined && input.academicYear !== task.academicYear) {
      if (await repo.exists(eq(reportTask.academicYear, input.academicYear))) bad('该学年已有报表任务')
      patch.academicYear = input.academicYear
      patch.taskSerialNum = `RW${input.academicYear.slice(0, 4)}`
    }
    if (input.schoolCode !== undefined) patch.schoolCode = input.schoolCode
    if (input.statEndMonth) patch.statEndMonth = input.statEndMonth
    if (input.schoolType !== undefined) {
      patch.schoolType = input.schoolType
      patch.tableCodes = tablesOfSchoolType(input.schoolType).join(',')
    }
    if (input.processDefinitionId !== undefined)
      patch.processDefinitionId = await auditFlow(data, input.processDefinitionId)
  }

  if (input.settings !== undefined) {
    const settings = parseSettings(input.settings)
    if (!isDeepStrictEqual(settings, SettingsSchema.parse(task.settings ?? {}))) {
      if (issued && (await anySubmitted(data, task.id))) bad('已有学院提交审核，口径与格式不能修改')
      patch.settings = settings
    }
  }

  if (input.collegeSerialNums !== undefined) {
    const next = input.collegeSerialNums
    const colleges = await checkColleges(data, next)
    const before = serialsOf(task)
    const removed = before.filter((s) => !next.includes(s))
    const added = next.filter((s) => !before.includes(s))
    if (issued) {
      for (const serial of removed)
        if (await collegeHasRows(data, task.id, serial)) bad('该学院已有填报数据，不能移出任务')
      if (removed.length) {
        const gone = await data
          .repo(reportSubmission)
          .find([eq(reportSubmission.taskId, task.id), inArray(reportSubmission.collegeSerialNum, removed)])
        if (gone.length) await data.repo(reportSubmission).remove(gone.map((g) => g.id))
      }
      const tables = tablesOf(task)
      const withOrder = (serial: string) => next.indexOf(serial)
      if (added.length) {
        await createSubmissions(
          data,
          { ...task, academicYear: patch.academicYear ?? task.academicYear },
          tables,
          added.map((s) => colleges.get(s)!),
          withOrder,
        )
        if (task.status === TASK_STATUS.finished) patch.status = TASK_STATUS.issued
      }
      for (const serial of next)
        await data
          .repo(reportSubmission)
          .updateWhere(
            [eq(reportSubmission.taskId, task.id), eq(reportSubmission.collegeSerialNum, serial)],
            { collegeSort: withOrder(serial) },
          )
    }
    patch.collegeSerialNums = next.join(',')
  }
  if (Object.keys(patch).length) await repo.update(task.id, patch)
  if (issued) await refreshTaskStatus(data, task.id)
  return repo.need(task.id)
}

async function createSubmissions(
  data: Data,
  task: TaskRow,
  tables: TableCode[],
  colleges: College[],
  sortOf: (serial: string) => number,
): Promise<number> {
  const rows = colleges.flatMap((c) =>
    tables.map((tableCode) => ({
      values: {
        taskId: task.id,
        taskSerialNum: task.taskSerialNum,
        academicYear: task.academicYear,
        collegeSerialNum: c.serial,
        collegeName: c.name,
        collegeSort: sortOf(c.serial),
        tableCode,
        status: SUBMIT_STATUS.empty,
        rowCount: 0,
        processDefinitionId: task.processDefinitionId,
      },
      dept: c.deptId,
    })),
  )
  for (const r of rows) await data.repo(reportSubmission).insert(r.values, { createDept: r.dept })
  return rows.length
}

/** 下发: 草稿 → 已下发 with one submission per college and table. */
export async function issueTask(data: Data, id: string): Promise<number> {
  const [locked] = await data.db
    .select()
    .from(reportTask)
    .where(data.rows(reportTask, eq(reportTask.id, id)))
    .for('update')
  const task = locked ?? bad('数据不存在或无权访问')
  if (task.status !== TASK_STATUS.draft) bad('报表任务已下发')
  const serials = serialsOf(task)
  const colleges = await checkColleges(data, serials)
  const count = await createSubmissions(
    data,
    task,
    tablesOf(task),
    serials.map((s) => colleges.get(s)!),
    (s) => serials.indexOf(s),
  )
  await data.repo(reportTask).update(task.id, { status: TASK_STATUS.issued, issueTime: new Date() })
  return count
}

export async function removeTasks(data: Data, ids: string[]): Promise<void> {
  const tasks = await data.repo(reportTask).needAll(ids, '部分数据不存在或无权删除')
  for (const task of tasks) {
    for (const table of Object.values(ROW_TABLES))
      if (await data.repo(table).exists(eq(table.taskId, task.id))) bad('任务已有填报数据，不能删除')
    const subs = await data.repo(reportSubmission).find([eq(reportSubmission.taskId, task.id)])
    if (subs.length) await data.repo(reportSubmission).remove(subs.map((x) => x.id))
  }
  await data.repo(reportTask).remove(ids)
}

/** 已完成 when every submission is approved; back to 已下发 otherwise. */
export async function refreshTaskStatus(data: Data, taskId: string): Promise<void> {
  const [{ open }] = await data.db
    .select({
      open: sql<number>`count(*) filter (where ${reportSubmission.status} <> ${SUBMIT_STATUS.approved})`,
    })
    .from(reportSubmission)
    .where(data.rows(reportSubmission, eq(reportSubmission.taskId, taskId)))
  const status = Number(open) === 0 ? TASK_STATUS.finished : TASK_STATUS.issued
  await data.db
    .update(reportTask)
    .set({ status })
    .where(
      data.rows(reportTask, eq(reportTask.id, taskId), sql`${reportTask.status} <> ${TASK_STATUS.draft}`),
    )
}

/** Issued tasks, newest year first. */
export function issuedTasks(data: Data): Promise<TaskRow[]> {
  return data
    .repo(reportTask)
    .find([inArray(reportTask.status, [TASK_STATUS.issued, TASK_STATUS.finished])], {
      sort: [desc(reportTask.academicYear)],
    })
}
