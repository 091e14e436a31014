import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FieldDef } from '../../../shared/resource/types'
import { entitySchema } from '../../../shared/resource/validate'
import { projectApi } from '../../../shared/api/teach'
import { teachProjectResource } from '../../../shared/resources/teach/project'
import { teachProjectSheet } from '../../../shared/resources/teach/project-sheet'
import { ok } from '../../core/envelope'
import { BizError, bad, ForbiddenError } from '../../core/errors'
import type { Data } from '../../core/data'
import { defaultSort } from '../../core/resource-routes'
import { route } from '../../core/route'
import { baseTeacher, teachProject } from '../../db/schema'
import { fieldChoices } from '../../base/dictionaries'
import { refuseIfAny } from '../../base/spreadsheet'
import { allLabs, type LabRef } from '../labs'
import { holdsButton } from '../people'
import { deptLookup, deptNames, exportRows, sendBook } from '../sheets'
import { NAME_TOO_LONG } from './project-routes'
import { bodyOf, checkNumberShape, generateNumbers } from './number'
import { presentProjects } from './present'
import { EXPERIMENT_NAME_BYTES, gbkBytes } from '../../../shared/resources/teach/project'

type Row = Record<string, unknown>

export const MAX_PROJECT_ROWS = 10000
const sheetFields = teachProjectSheet.fields as readonly FieldDef[]
const sheetSchema = entitySchema(teachProjectSheet)

/** The rows of an import body: a bare array, or `{rows}`. */
export function rowsOf(body: unknown, max: number): Row[] {
  const rows = Array.isArray(body) ? body : (body as Row | null)?.rows
  if (!Array.isArray(rows)) bad('导入数据格式不正确，应为数据行数组')
  const list = rows as unknown[]
  if (list.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    bad('导入数据格式不正确，每一行应为对象')
  if (!list.length) bad('导入数据不能为空')
  if (list.length > max) bad(`单次导入不能超过${max}行`)
  return list as Row[]
}

/** Sheet cells as codes: option labels or codes (the dialog sends codes; a raw file may carry labels). */
function codesOf(row: Row, choices: Record<string, { label: string; value: string }[]>): Row {
  const out: Row = { ...row }
  for (const [name, list] of Object.entries(choices)) {
    const v = row[name]
    if (v === undefined || v === null || v === '') continue
    const text = String(v).trim()
    out[name] = list.find((c) => c.label === text || c.value === text)?.value ?? text
  }
  return out
}

interface Parsed {
  line: number
  values: Row
  lab: LabRef
  number: string
  existingId?: string
}

/**
 * 导入实验项目: every row checked (fields, lab by 实验编号's lab serial, teacher by 工号, college by name
 * or 院系号, numbers unique in the file and the tenant), empty numbers generated in row order per lab,
 * then written in one transaction. A number of a live project the caller may edit updates it (so an
 * export imports back); any other taken number refuses the file.
 */
async function importProjects(data: Data, input: Row[]) {
  const choices = await fieldChoices(data.db, sheetFields as FieldDef[])
  const labs = new Map((await allLabs(data)).filter((l) => l.serial).map((l) => [String(l.serial), l]))
  const depts = await deptLookup(data)
  const teacherNos = [...new Set(input.map((r) => String(r.teacherNo ?? '').trim()).filter(Boolean))]
  const teachers = new Map<string, string>()
  for (let i = 0; i < teacherNos.length; i += 1000) {
    const rows = await data
      .repo(baseTeacher)
      .find([inArray(baseTeacher.teacherNo, teacherNos.slice(i, i + 1000))])
    for (const t of rows) teachers.set(String(t.teacherNo), String(t.id))
  }
  const errors: string[] = []
  const parsed: Parsed[] = []
  const seen = new Map<string, number>()
  input.forEach((raw, index) => {
    const line = index + 2
    const rowErrors: string[] = []
    const result = sheetSchema.safeParse(codesOf(raw, choices))
    if (!result.success) rowErrors.push(...new Set(result.error.issues.map((i) => i.message)))
    const v = (result.success ? result.data : {}) as Row
    if (result.success) {
      if (gbkBytes(String(v.experimentName)) > EXPERIMENT_NAME_BYTES) rowErrors.push(NAME_TOO_LONG)
      const lab = labs.get(String(v.labSerial).trim())
      if (!lab) rowErrors.push(`实验室编号${String(v.labSerial)}不存在`)
      const dept = depts.get(String(v.deptSerial).trim())
      if (!dept) rowErrors.push(`开课院系${String(v.deptSerial)}不存在`)
      const teacherNo = String(v.teacherNo ?? '').trim()
      if (teacherNo && !teachers.has(teacherNo)) rowErrors.push(`负责教师工号${teacherNo}不存在`)
      const independent = Number(v.independentCourse ?? 0)
      const number = String(v.experimentNumber ?? '').trim()
      if (number) {
        try {
          checkNumberShape(number, independent)
        } catch (e) {
          if (e instanceof BizError) rowErrors.push(e.message)
          else throw e
        }
        const first = seen.get(bodyOf(number))
        if (first) rowErrors.push(`实验编号与第${first}行重复`)
        else seen.set(bodyOf(number), line)
      }
      if (!rowErrors.length)
        parsed.push({
          line,
          lab: lab!,
          number,
          values: {
            experimentName: v.experimentName,
            experimentCategory: v.experimentCategory,
            experimentType: v.experimentType,
            isNetwork: v.isNetwork ?? 0,
            subjectCode: v.subjectCode,
            requirement: v.requirement,
            experimenterType: v.experimenterType ?? 3,
            experimenterCount: v.experimenterCount ?? null,
            groupSize: v.groupSize,
            hours: v.hours,
            labId: lab!.id,
            independentCourse: independent,
            deptSerial: dept,
            teacherId: teacherNo ? teachers.get(teacherNo) : null,
            status: v.status ?? 1,
          },
        })
    }
    for (const e of rowErrors) errors.push(`第${line}行：${e}`)
  })
  refuseIfAny(errors)

  // Numbers the file gives: a live project in reach is updated, anything else taken refuses the row.
  const given = parsed.filter((p) => p.number)
  const mine = data.repo(teachProject, teachProjectResource)
  for (let i = 0; i < given.length; i += 1000) {
    const chunk = given.slice(i, i + 1000)
    const bodies = chunk.map((p) => bodyOf(p.number))
    const used = await data.db
      .select({
        id: teachProject.id,
        body: teachProject.numberBody,
        isDeleted: teachProject.isDeleted,
        number: teachProject.experimentNumber,
      })
      .from(teachProject)
      .where(data.everRows(teachProject, inArray(teachProject.numberBody, bodies)))
    const reachable = new Set((await mine.find([inArray(teachProject.numberBody, bodies)])).map((r) => r.id))
    const byBody = new Map(used.map((u) => [String(u.body), u]))
    for (const p of chunk) {
      const u = byBody.get(bodyOf(p.number))
      if (!u) continue
      if (u.isDeleted) errors.push(`第${p.line}行：实验编号已被使用过，不能重复使用`)
      else if (!reachable.has(u.id)) errors.push(`第${p.line}行：实验编号已存在`)
      else if (u.number !== p.number) errors.push(`第${p.line}行：实验编号已存在`)
      else p.existingId = u.id
    }
  }
  refuseIfAny(errors)

  const insert = async (rows: Parsed[]) => {
    if (rows.length)
      await mine.insert(
        rows.map((p) => ({ ...p.values, experimentNumber: p.number, numberBody: bodyOf(p.number) }) as never),
      )
  }
  // New rows that bring their own number go in first: the numbers generated next skip them.
  await insert(parsed.filter((p) => p.number && !p.existingId))

  // Empty numbers: a block per lab, handed out in row order.
  const byLab = new Map<string, Parsed[]>()
  for (const p of parsed) if (!p.number) byLab.set(p.lab.id, [...(byLab.get(p.lab.id) ?? []), p])
  let generated = 0
  for (const rows of byLab.values()) {
    const numbers = await generateNumbers(
      data,
      rows[0].lab,
      rows.length,
      rows.map((r) => Number(r.values.independentCourse) === 1),
    ).catch((e: unknown) => {
      if (e instanceof BizError) bad(`第${rows[0].line}行：${e.message}`)
      throw e
    })
    rows.forEach((r, i) => (r.number = numbers[i]))
    generated += rows.length
    await insert(rows)
  }

  for (const p of parsed.filter((x) => x.existingId)) await mine.update(p.existingId!, p.values as never)
  return { total: parsed.length, generated, updated: parsed.filter((p) => p.existingId).length }
}

export function registerProjectSheetRoutes(app: FastifyInstance) {
  route(app, projectApi.export, async ({ query, data, reply }) => {
    const rows = await data
      .repo(teachProject, teachProjectResource)
      .list(query, { sort: defaultSort(teachProjectResource, teachProject), limit: 50000 })
    const shown = await presentProjects(data, rows)
    const teacherIds = [...new Set(shown.map((r) => r.teacherId).filter((v): v is string => !!v))]
    const teacherNos = new Map<string, string>()
    for (let i = 0; i < teacherIds.length; i += 1000)
      for (const t of await data
        .repo(baseTeacher)
        .find([inArray(baseTeacher.id, teacherIds.slice(i, i + 1000))]))
        teacherNos.set(String(t.id), String(t.teacherNo))
    const names = await deptNames(
      data,
      shown.map((r) => r.deptSerial),
    )
    const sheet = await exportRows(data, [...sheetFields], shown as Row[], {
      labSerial: (r) => r.labSerial ?? '',
      labName: (r) => r.labName ?? '',
      deptSerial: (r) => names.get(String(r.deptSerial)) ?? r.deptSerial ?? '',
      teacherNo: (r) => (r.teacherId ? (teacherNos.get(String(r.teacherId)) ?? '') : ''),
    })
    return sendBook(reply, '实验项目.xlsx', [{ name: '实验项目', rows: sheet }])
  })

  route(
    app,
    projectApi.saveImport,
    async ({ body, data }) => {
      if (!(await holdsButton(data, 'teach_project_import'))) throw new ForbiddenError()
      const rows = rowsOf(body, MAX_PROJECT_ROWS)
      const result = await data.transaction((tx) => importProjects(tx, rows))
      return ok(
        { total: result.total, generated: result.generated },
        `导入成功：共${result.total}条，生成编号${result.generated}个${result.updated ? `，更新${result.updated}条` : ''}`,
      )
    },
    { bodyLimit: 30 * 1024 * 1024 },
  )
}
