import { asc, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { ExtractResult } from '../../shared/api/report'
import { formatScaled, toScaled } from '../../shared/resources/report/decimal'
import { SOURCE, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { dept, reportCheckIssue, reportSubmission } from '../db/schema'
import { checkFlowDefinition } from './audit/submit'
import { deriveSj2, deriveSj7 } from './derive'
import { countRows, rowBase, rowsRepo } from './records'
import { scopeRows } from './rows-reader'
import { touchSubmission, writeScope, type TaskRef, type WriteScope } from './scope'
import { optionalSource, requireSource, type EquipmentRecord, type SourceScope } from './sources/registry'
import { ROW_TABLES, rowTable } from './tables'

/**
 * 抽取数据 (reports-portal.md 5): a scope's rows from live data, in one transaction. SJ1, SJ4, SJ5 and
 * SJ2 are replaced; SJ3, SJ6 and SJ7 are upserted by their key so figures typed by hand survive a
 * second extraction. A missing source answers 尚未接入…数据，无法抽取；可通过导入TXT或Excel填报.
 */
export interface ExtractInput extends TaskRef {
  collegeSerialNum?: string
  processDefinitionId?: string
}

type Values = Record<string, unknown>

interface Outcome {
  added: number
  updated: number
  removed: number
  notes: string[]
}

/** The college's dept, the depts below it, and their codes. */
export async function sourceScope(
  data: Data,
  scope: Pick<WriteScope, 'task' | 'college'>,
): Promise<SourceScope> {
  const id = scope.college.deptId
  const depts = await data
    .repo(dept)
    .find([or(eq(dept.id, id), like(sql`(',' || ${dept.ancestors} || ',')`, `%,${id},%`))])
  const first = scope.task.academicYear.slice(0, 4)
  const second = scope.task.academicYear.slice(5, 9)
  return {
    collegeSerial: scope.college.serial,
    collegeName: scope.college.name,
    deptIds: depts.map((d) => d.id),
    deptSerials: depts.map((d) => d.serial).filter((s): s is string => !!s),
    academicYear: scope.task.academicYear,
    yearStart: `${first}-09-01`,
    yearEnd: `${second}-08-31`,
  }
}

const month = (date: string | null) =>
  date && /^\d{4}-\d{2}/.test(date) ? `${date.slice(0, 4)}${date.slice(5, 7)}` : null

/** The SJ1 row of an equipment item, or null when it is outside SJ1 (reports-portal.md 5). */
export function sj1Row(
  e: EquipmentRecord,
  scope: WriteScope,
  src: SourceScope,
): { values: Values; disposedLater: boolean } | null {
  const s = scope.settings
  const price = toScaled(e.unitPrice)
  if (price === null || price < toScaled(s.sj1MinPrice)!) return null
  if (s.excludedClassPrefixes.includes((e.classCode ?? '').slice(0, 2))) return null
  if (!e.acceptDate || e.acceptDate > src.yearEnd) return null
  if (!['1', '2'].includes(String(e.useDirection ?? ''))) return null
  let status = String(e.statusCode ?? '')
  let disposedLater = false
  if (['5', '6', '7'].includes(status)) {
    if (!e.disposalDate || e.disposalDate <= src.yearEnd) return null
    status = '1'
    disposedLater = true
  }
  if (!['1', '2', '3', '4', '8', '9'].includes(status)) return null
  return {
    disposedLater,
    values: {
      schoolCode: scope.task.schoolCode,
      equipmentNo: e.assetNo,
      classCode: e.classCode,
      equipmentName: e.name,
      model: e.model?.trim() || '*',
      specification: e.spec?.trim() || '*',
      sourceCode: e.sourceCode,
      countryCode: e.countryCode?.trim() || '000',
      unitPrice: e.unitPrice,
      purchaseMonth: month(e.acceptDate),
      statusCode: status,
      useDirection: String(e.useDirection),
      unitCode: e.unitCode,
      unitName: e.unitName,
    },
  }
}

async function replaceRows(
  data: Data,
  scope: WriteScope,
  rows: { values: Values; sourceId?: string | null }[],
) {
  const table = scope.table
  const t = rowTable(table)
  const before = await countRows(data, table, scope.submission.id)
  await rowsRepo(data, table).deleteWhere([eq(t.submissionId, scope.submission.id)])
  await data.repo(reportCheckIssue).deleteWhere([eq(reportCheckIssue.submissionId, scope.submission.id)])
  const base = rowBase(scope)
  await rowsRepo(data, table).insert(
    rows.map((r, i) => ({
      ...r.values,
      ...base,
      rowNo: i + 1,
      sourceType: SOURCE.extract,
      sourceId: r.sourceId ?? null,
    })) as never,
    { createDept: scope.college.deptId },
  )
  return { added: rows.length, updated: 0, removed: before, notes: [] as string[] }
}

/**
 * Upsert by key: rows whose key is extracted again get `refresh` fields replaced and keep the rest;
 * new keys are added with their full values; rows whose key is no longer extracted are removed
 * (unless `keepOthers`).
 */
async function upsertRows(
  data: Data,
  scope: WriteScope,
  key: string,
  rows: { values: Values; sourceId?: string | null }[],
  refresh: string[],
  keepOthers = false,
): Promise<Outcome> {
  const table = scope.table
  const t = rowTable(table)
  const existing = new Map<string, Values & { id: string; rowNo: number }>()
  for await (const page of scopeRows(data, table, scope.submission.id, 5000))
    for (const r of page) existing.set(String(r[key] ?? ''), r)
  const wanted = new Set(rows.map((r) => String(r.values[key] ?? '')))
  const gone = [...existing.values()].filter((r) => !wanted.has(String(r[key] ?? '')))
  if (gone.length && !keepOthers) {
    const ids = gone.map((r) => r.id)
    await rowsRepo(data, table).deleteWhere([inArray(t.id, ids)])
    await data.repo(reportCheckIssue).deleteWhere([inArray(reportCheckIssue.rowId, ids)])
  }
  let next = Math.max(0, ...[...existing.values()].map((r) => r.rowNo)) + 1
  const base = rowBase(scope)
  const fresh: Values[] = []
  let updated = 0
  for (const r of rows) {
    const old = existing.get(String(r.values[key] ?? ''))
    if (old) {
      const patch: Values = {}
      for (const f of refresh) if (r.values[f] !== undefined) patch[f] = r.values[f]
      await rowsRepo(data, table).update(old.id, {
        ...patch,
        sourceType: SOURCE.extract,
        sourceId: r.sourceId ?? old.sourceId,
      } as never)
      updated++
    } else
      fresh.push({
        ...r.values,
        ...base,
        rowNo: next++,
        sourceType: SOURCE.extract,
        sourceId: r.sourceId ?? null,
      })
  }
  await rowsRepo(data, table).insert(fresh as never, { createDept: scope.college.deptId })
  return { added: fresh.length, updated, removed: keepOthers ? 0 : gone.length, notes: [] }
}

async function extractSj1(data: Data, scope: WriteScope): Promise<Outcome> {
  const source = requireSource('equipment')
  const src = await sourceScope(data, scope)
  const items = await source.list(data, src)
  const rows = items
    .map((e) => ({ e, row: sj1Row(e, scope, src) }))
    .filter((x) => x.row !== null)
    .sort((a, b) => a.e.assetNo.localeCompare(b.e.assetNo))
  const outcome = await replaceRows(
    data,
    scope,
    rows.map((x) => ({ values: x.row!.values, sourceId: x.e.id })),
  )
  const later = rows.filter((x) => x.row!.disposedLater).length
  if (later) outcome.notes.push(`I-13 ${later}台设备在统计截止后已处置，现状码按1上报`)
  return outcome
}

/** True when the scope's SJ1 rows all came from the equipment source (extracted or 导入设备). */
async function sj1FromEquipment(data: Data, scope: WriteScope): Promise<boolean> {
  const t = ROW_TABLES.sj1
  const [r] = await data.db
    .select({
      n: sql<number>`count(*)::int`,
      other: sql<number>`count(*) filter (where ${t.sourceId} is null or ${t.sourceType} not in (${SOURCE.extract}, ${SOURCE.equipment}))::int`,
    })
    .from(t)
    .where(data.rows(t, eq(t.taskId, scope.task.id), eq(t.collegeSerialNum, scope.college.serial)))
  return Number(r.n) > 0 && Number(r.other) === 0
}

async function extractSj2(data: Data, scope: WriteScope): Promise<Outcome> {
  const equipment = optionalSource('equipment')
  const items =
    equipment && (await sj1FromEquipment(data, scope))
      ? await equipment.list(data, await sourceScope(data, scope))
      : undefined
  const derived = await deriveSj2(data, scope.task, scope.college, scope.settings, items)
  const notes: string[] = []
  if (derived.lastCount !== null && derived.reduceCount === null) {
    notes.push('上学年末数加本学年增加数小于本学年末实有数：减少数请核对后手工填写')
    derived.reduceCount = 0
    derived.reduceAmount = 0
  } else if (derived.lastCount === null) {
    notes.push('未找到上学年已通过的SJ2，仪器设备数据也推不出上学年末数：上学年末数和减少数请手工填写')
    for (const k of [
      'lastCount',
      'lastAmount',
      'lastBigCount',
      'lastBigAmount',
      'reduceCount',
      'reduceAmount',
    ])
      derived[k] = 0
  }
  const outcome = await replaceRows(data, scope, [{ values: derived }])
  outcome.notes.push(...notes)
  return outcome
}

const SJ3_REFRESH = ['classCode', 'equipmentName', 'unitPrice', 'model', 'specification', 'schoolCode']

async function extractSj3(data: Data, scope: WriteScope): Promise<Outcome> {
  const { task, college, settings } = scope
  const t = ROW_TABLES.sj1
  const sj1 = (await data.db
    .select()
    .from(t)
    .where(
      data.rows(
        t,
        eq(t.taskId, task.id),
        eq(t.collegeSerialNum, college.serial),
        like(t.classCode, '03%'),
        sql`${t.unitPrice} >= ${settings.sj3MinPrice}`,
        inArray(t.useDirection, ['1', '2']),
      ),
    )
    .orderBy(asc(t.rowNo), asc(t.id))) as Values[]
  const equipment = optionalSource('equipment')
  const src = equipment ? await sourceScope(data, scope) : null
  const ids = sj1.map((r) => r.sourceId).filter((x): x is string => typeof x === 'string' && !!x)
  const items = equipment && ids.length ? await equipment.byIds(data, ids) : []
  const usage = equipment?.usage && src && ids.length ? await equipment.usage(data, ids, src) : new Map()
  const byId = new Map(items.map((e) => [e.id, e]))
  const rows = sj1.map((r) => {
    const item = typeof r.sourceId === 'string' ? byId.get(r.sourceId) : undefined
    const use = typeof r.sourceId === 'string' ? usage.get(r.sourceId) : undefined
    return {
      sourceId: (r.sourceId as string | null) ?? null,
      values: {
        schoolCode: task.schoolCode,
        equipmentNo: r.equipmentNo,
        classCode: r.classCode,
        equipmentName: r.equipmentName,
        unitPrice: r.unitPrice,
        model: r.model,
        specification: item?.spec?.trim() || r.specification,
        teachHours: use?.teachHours ?? 0,
        researchHours: use?.researchHours ?? 0,
        serviceHours: use?.serviceHours ?? 0,
        openHours: use?.openHours ?? 0,
        sampleCount: use?.sampleCount ?? 0,
        trainStudents: use?.trainStudents ?? 0,
        trainTeachers: use?.trainTeachers ?? 0,
        trainOthers: use?.trainOthers ?? 0,
        teachProjects: use?.teachProjects ?? 0,
        researchProjects: use?.researchProjects ?? 0,
        serviceProjects: use?.serviceProjects ?? 0,
        awardNational: use?.awardNational ?? 0,
        awardProvincial: use?.awardProvincial ?? 0,
        patentTeacher: use?.patentTeacher ?? 0,
        patentStudent: use?.patentStudent ?? 0,
        paperIndexed: use?.paperIndexed ?? 0,
        paperCore: use?.paperCore ?? 0,
        managerName: use?.managerName?.trim() || item?.keeper?.trim() || '无',
        remark: use?.remark ?? null,
      },
    }
  })
  return upsertRows(data, scope, 'equipmentNo', rows, SJ3_REFRESH)
}

async function extractSj4(data: Data, scope: WriteScope): Promise<Outcome> {
  const projects = await requireSource('projects').list(data, await sourceScope(data, scope))
  return replaceRows(
    data,
    scope,
    projects
      .sort((a, b) => a.experimentNo.localeCompare(b.experimentNo))
      .map((p) => ({
        sourceId: p.id,
        values: {
          schoolCode: scope.task.schoolCode,
          experimentNo:
            p.independentCourse && !p.experimentNo.endsWith('*') ? `${p.experimentNo}*` : p.experimentNo,
          experimentName: p.name,
          experimentCategory: p.category,
          experimentType: p.type ? `${p.type}${p.isNetwork ? '*' : ''}` : null,
          subjectCode: p.subjectCode,
          requirement: p.requirement,
          experimenterType: p.experimenterType,
          experimenterCount: p.experimenterCount,
          groupSize: p.groupSize,
          hours: p.hours,
          labCode: p.labCode,
          labName: p.labName,
          independentCourse: p.independentCourse ? 1 : 0,
        },
      })),
  )
}

async function extractSj5(data: Data, scope: WriteScope): Promise<Outcome> {
  const staff = await requireSource('staff').list(data, await sourceScope(data, scope))
  const map = scope.settings.educationMap
  return replaceRows(
    data,
    scope,
    staff
      .sort((a, b) => a.staffNo.localeCompare(b.staffNo))
      .map((s) => ({
        sourceId: s.id,
        values: {
          schoolCode: scope.task.schoolCode,
          staffNo: s.staffNo,
          labCode: s.labCode,
          labName: s.labName,
          staffName: s.name,
          sex: s.sex,
          birthMonth: month(s.birthday),
          subjectCode: s.subjectCode,
          titleCode: s.titleCode,
          educationCode: s.education ? (map[s.education] ?? null) : null,
          expertCode: s.expertCode || '00',
          domDegreeTime: s.training?.domDegree ?? 0,
          domOtherTime: s.training?.domOther ?? 0,
          abroadDegreeTime: s.training?.abroadDegree ?? 0,
          abroadOtherTime: s.training?.abroadOther ?? 0,
        },
      })),
  )
}

const SJ6_EXTRACTED = [
  'schoolCode',
  'labName',
  'labCategory',
  'foundedYear',
  'area',
  'labType',
  'subjectCode',
  'openExpIn',
  'openExpOut',
  'openPeopleIn',
  'openPeopleOut',
  'openHoursIn',
  'openHoursOut',
  'partTimeStaff',
  'runningFunds',
  'materialFunds',
]

async function extractSj6(data: Data, scope: WriteScope): Promise<Outcome> {
  const src = await sourceScope(data, scope)
  const labs = await requireSource('labs').list(data, src)
  const awards = optionalSource('awards')
  const byLab = awards ? await awards.byLab(data, src) : null
  const zero = (v: number | undefined) => v ?? 0
  const rows = labs
    .sort((a, b) => a.labCode.localeCompare(b.labCode))
    .map((l) => ({
      sourceId: l.id,
      values: {
        schoolCode: scope.task.schoolCode,
        labCode: l.labCode,
        labName: l.labName,
        labCategory: l.category,
        foundedYear: l.foundedYear,
        area: l.area,
        labType: l.labType,
        subjectCode: l.subjectCode,
        teacherAwardNational: 0,
        teacherAwardProvincial: 0,
        patents: 0,
        studentAwards: byLab?.get(l.labCode) ?? 0,
        paperIndexedTeach: 0,
        paperIndexedResearch: 0,
        paperCoreTeach: 0,
        paperCoreResearch: 0,
        textbooks: 0,
        researchProjectsHigh: 0,
        researchProjectsOther: 0,
        serviceProjects: 0,
        teachResearchHigh: 0,
        teachResearchOther: 0,
        thesisJunior: 0,
        thesisUndergrad: 0,
        thesisGraduate: 0,
        openExpIn: zero(l.openExpIn),
        openExpOut: zero(l.openExpOut),
        openPeopleIn: zero(l.openPeopleIn),
        openPeopleOut: zero(l.openPeopleOut),
        openHoursIn: zero(l.openHoursIn),
        openHoursOut: zero(l.openHoursOut),
        partTimeStaff: zero(l.partTimeStaff),
        runningFunds: l.runningFunds ?? '0',
        materialFunds: l.materialFunds ?? '0',
      },
    }))
  const refresh = byLab ? [...SJ6_EXTRACTED, 'studentAwards'] : SJ6_EXTRACTED
  return upsertRows(data, scope, 'labCode', rows, refresh)
}

const FUND_FIELDS: [string, string[]][] = [
  ['equipPurchase', ['1', '2']],
  ['equipPurchaseTeach', ['1']],
  ['equipMaintain', ['3', '4']],
  ['equipMaintainTeach', ['3']],
  ['constructionFunds', ['7']],
  ['reformFunds', ['8']],
  ['otherFunds', ['9']],
]

async function extractSj7(data: Data, scope: WriteScope): Promise<Outcome> {
  const derived = await deriveSj7(data, scope.task, scope.college)
  const funds = optionalSource('funds')
  const refresh = ['schoolCode', 'labCount', 'labArea', 'runningFunds', 'materialFunds']
  const values: Values = { ...derived }
  const notes: string[] = []
  if (funds) {
    const byCategory = await funds.byCategory(data, await sourceScope(data, scope))
    const sum = (keys: string[]) => keys.reduce((n, k) => n + (toScaled(byCategory.get(k) ?? 0) ?? 0n), 0n)
    for (const [field, keys] of FUND_FIELDS) values[field] = formatScaled(sum(keys), 2)
    values.runningFunds = formatScaled(sum(['5', '6']), 2)
    values.materialFunds = formatScaled(sum(['5']), 2)
    refresh.push(...FUND_FIELDS.map(([f]) => f))
  } else notes.push('未接入实验室经费数据：经费各项保留手工填写的数值')
  const t = ROW_TABLES.sj7
  const [old] = (await data.db
    .select()
    .from(t)
    .where(data.rows(t, eq(t.submissionId, scope.submission.id)))
    .orderBy(asc(t.rowNo))
    .limit(1)) as (Values & { id: string })[]
  const merged: Values = { ...(old ?? {}), ...Object.fromEntries(refresh.map((f) => [f, values[f]])) }
  for (const [field] of FUND_FIELDS) merged[field] ??= 0
  const parts = [
    'equipPurchase',
    'equipMaintain',
    'runningFunds',
    'constructionFunds',
    'reformFunds',
    'otherFunds',
  ]
  merged.totalFunds = formatScaled(
    parts.reduce((n, p) => n + (toScaled(merged[p] ?? 0) ?? 0n), 0n),
    2,
  )
  const patch = Object.fromEntries(
    [...refresh, ...FUND_FIELDS.map(([f]) => f), 'totalFunds'].map((f) => [f, merged[f]]),
  )
  if (old) await rowsRepo(data, 'sj7').update(old.id, { ...patch, sourceType: SOURCE.extract } as never)
  else
    await rowsRepo(data, 'sj7').insert(
      { ...patch, ...rowBase(scope), rowNo: 1, sourceType: SOURCE.extract } as never,
      {
        createDept: scope.college.deptId,
      },
    )
  return { added: old ? 0 : 1, updated: old ? 1 : 0, removed: 0, notes }
}

const EXTRACTORS: Record<TableCode, (data: Data, scope: WriteScope) => Promise<Outcome>> = {
  sj1: extractSj1,
  sj2: extractSj2,
  sj3: extractSj3,
  sj4: extractSj4,
  sj5: extractSj5,
  sj6: extractSj6,
  sj7: extractSj7,
}

export async function extractScope(
  data: Data,
  table: TableCode,
  input: ExtractInput,
): Promise<ExtractResult> {
  return data.transaction(async (tx) => {
    const scope = await writeScope(tx, table, input)
    if (input.processDefinitionId) {
      await checkFlowDefinition(tx, input.processDefinitionId)
      await tx.db
        .update(reportSubmission)
        .set({ processDefinitionId: input.processDefinitionId })
        .where(tx.rows(reportSubmission, eq(reportSubmission.id, scope.submission.id)))
    }
    const outcome = await EXTRACTORS[table](tx, scope)
    const rows = await countRows(tx, table, scope.submission.id)
    await touchSubmission(tx, scope.submission, rows)
    return { rows, ...outcome }
  })
}
