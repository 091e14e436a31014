/**
 * 队伍统计: lab staff by age, professional title grade (职务), education (学历) and structure (per lab),
 * each split 专任/兼任, each with an xlsx export of the same figures. Counted over the staff the
 * filters select (lab, the lab's college, 专任/兼任); ages at today.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { z } from 'zod'
import {
  labStaffApi,
  type StaffCount,
  type StaffOverview,
  type StaffStatsQuery,
  type StaffStructureRow,
} from '../../shared/api/lab'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { dictChoices } from '../base/dictionaries'
import { sendXlsx } from '../base/spreadsheet'
import { labInfo, labTeacher } from '../db/schema'
import { ageOf, staffQuery, type StaffRow } from './staff'

type Filters = z.output<typeof StaffStatsQuery>

async function staffOf(data: Data, f: Filters): Promise<StaffRow[]> {
  return staffQuery(data, [
    f.labId ? eq(labTeacher.labId, f.labId) : undefined,
    f.deptSerial ? eq(labInfo.deptSerial, f.deptSerial) : undefined,
    f.staffType ? eq(labTeacher.staffType, f.staffType) : undefined,
  ])
}

export const AGE_BANDS: { key: string; name: string; test: (age: number) => boolean }[] = [
  { key: '30', name: '30岁及以下', test: (a) => a <= 30 },
  { key: '40', name: '31-40岁', test: (a) => a > 30 && a <= 40 },
  { key: '50', name: '41-50岁', test: (a) => a > 40 && a <= 50 },
  { key: '60', name: '51-60岁', test: (a) => a > 50 && a <= 60 },
  { key: '61', name: '60岁以上', test: (a) => a > 60 },
]

export const TITLE_GRADES = ['正高级', '副高级', '中级', '初级'] as const

/** Counts of rows by the key `keyOf` gives, in the order of `keys` (then anything else). */
function countBy(
  rows: StaffRow[],
  keys: { key: string; name: string }[],
  keyOf: (r: StaffRow) => string,
): StaffCount[] {
  const out = new Map(keys.map((k) => [k.key, { ...k, fullTime: 0, partTime: 0, total: 0 }]))
  for (const r of rows) {
    const key = keyOf(r)
    const c = out.get(key) ?? out.get('')!
    if (r.staffType === 1) c.fullTime++
    else c.partTime++
    c.total++
  }
  return [...out.values()]
}

const ageKey = (r: StaffRow) => {
  const age = ageOf(r.birthday)
  return age === null ? '' : (AGE_BANDS.find((b) => b.test(age))?.key ?? '')
}
const gradeKey = (r: StaffRow) =>
  r.professionGrade && (TITLE_GRADES as readonly string[]).includes(r.professionGrade)
    ? r.professionGrade
    : ''

export const byAge = (rows: StaffRow[]) =>
  countBy(rows, [...AGE_BANDS, { key: '', name: '未填写出生日期' }], ageKey)

export const byTitle = (rows: StaffRow[]) =>
  countBy(
    rows,
    [...TITLE_GRADES.map((g) => ({ key: g, name: g })), { key: '', name: '无职称或未定级' }],
    gradeKey,
  )

async function byEducation(data: Data, rows: StaffRow[]) {
  const items = await dictChoices(data.db, 'education')
  return countBy(
    rows,
    [...items.map((i) => ({ key: i.value, name: i.label })), { key: '', name: '未填写' }],
    (r) => r.education ?? '',
  )
}

/** Education in four groups for the structure table: 博士, 硕士, 本科, other (dict `education` keys 1–3). */
const EDU_GROUP: Record<string, 'doctor' | 'master' | 'bachelor'> = {
  '1': 'doctor',
  '2': 'master',
  '3': 'bachelor',
}
const GRADE_FIELD: Record<string, 'senior' | 'associate' | 'intermediate' | 'junior'> = {
  正高级: 'senior',
  副高级: 'associate',
  中级: 'intermediate',
  初级: 'junior',
}

export function structure(rows: StaffRow[]): StaffStructureRow[] {
  const byLab = new Map<string, StaffStructureRow>()
  for (const r of rows) {
    let s = byLab.get(r.labId)
    if (!s) {
      s = {
        labId: r.labId,
        labName: r.labName ?? '',
        serial: r.labSerial ?? '',
        total: 0,
        fullTime: 0,
        partTime: 0,
        senior: 0,
        associate: 0,
        intermediate: 0,
        junior: 0,
        untitled: 0,
        doctor: 0,
        master: 0,
        bachelor: 0,
        otherEducation: 0,
        age35: 0,
        age45: 0,
        age55: 0,
        age56: 0,
      }
      byLab.set(r.labId, s)
    }
    s.total++
    if (r.staffType === 1) s.fullTime++
    else s.partTime++
    s[GRADE_FIELD[gradeKey(r)] ?? 'untitled']++
    s[EDU_GROUP[r.education ?? ''] ?? 'otherEducation']++
    const age = ageOf(r.birthday)
    if (age !== null) s[age <= 35 ? 'age35' : age <= 45 ? 'age45' : age <= 55 ? 'age55' : 'age56']++
  }
  return [...byLab.values()].sort((a, b) => a.serial.localeCompare(b.serial))
}

function overview(rows: StaffRow[]): StaffOverview {
  const ages = rows.map((r) => ageOf(r.birthday)).filter((a): a is number => a !== null)
  const labs = structure(rows)
  return {
    total: rows.length,
    fullTime: rows.filter((r) => r.staffType === 1).length,
    partTime: rows.filter((r) => r.staffType !== 1).length,
    labs: labs.length,
    averageAge: ages.length ? Math.round((ages.reduce((a, b) => a + b, 0) / ages.length) * 10) / 10 : null,
    byLab: labs.map((l) => ({
      labId: l.labId,
      labName: l.labName,
      serial: l.serial,
      fullTime: l.fullTime,
      partTime: l.partTime,
      total: l.total,
    })),
  }
}

const countSheet = (first: string, rows: StaffCount[]) => [
  ...rows.map((r) => ({ [first]: r.name, 专任: r.fullTime, 兼任: r.partTime, 合计: r.total })),
  {
    [first]: '合计',
    专任: rows.reduce((a, r) => a + r.fullTime, 0),
    兼任: rows.reduce((a, r) => a + r.partTime, 0),
    合计: rows.reduce((a, r) => a + r.total, 0),
  },
]

const STRUCTURE_COLUMNS: [string, keyof StaffStructureRow][] = [
  ['实验室编号', 'serial'],
  ['实验室名称', 'labName'],
  ['合计', 'total'],
  ['专任', 'fullTime'],
  ['兼任', 'partTime'],
  ['正高级', 'senior'],
  ['副高级', 'associate'],
  ['中级', 'intermediate'],
  ['初级', 'junior'],
  ['无职称或未定级', 'untitled'],
  ['博士研究生', 'doctor'],
  ['硕士研究生', 'master'],
  ['大学本科', 'bachelor'],
  ['其他学历', 'otherEducation'],
  ['35岁及以下', 'age35'],
  ['36-45岁', 'age45'],
  ['46-55岁', 'age55'],
  ['56岁及以上', 'age56'],
]

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '')

function sendCounts(reply: FastifyReply, title: string, first: string, rows: StaffCount[]) {
  return sendXlsx(reply, `${title}-${stamp()}.xlsx`, title, countSheet(first, rows))
}

export function registerStaffStatisticsRoutes(app: FastifyInstance) {
  route(app, labStaffApi.statistical, async ({ query, data }) => ok(overview(await staffOf(data, query))))
  route(app, labStaffApi.age, async ({ query, data }) => ok(byAge(await staffOf(data, query))))
  route(app, labStaffApi.job, async ({ query, data }) => ok(byTitle(await staffOf(data, query))))
  route(app, labStaffApi.cultural, async ({ query, data }) =>
    ok(await byEducation(data, await staffOf(data, query))),
  )
  route(app, labStaffApi.structure, async ({ query, data }) => ok(structure(await staffOf(data, query))))

  route(app, labStaffApi.ageExport, async ({ query, data, reply }) =>
    sendCounts(reply, '实验室人员年龄统计', '年龄段', byAge(await staffOf(data, query))),
  )
  route(app, labStaffApi.jobExport, async ({ query, data, reply }) =>
    sendCounts(reply, '实验室人员职务统计', '专业技术职务', byTitle(await staffOf(data, query))),
  )
  route(app, labStaffApi.culturalExport, async ({ query, data, reply }) =>
    sendCounts(reply, '实验室人员学历统计', '学历', await byEducation(data, await staffOf(data, query))),
  )
  route(app, labStaffApi.structureExport, async ({ query, data, reply }) => {
    const rows = structure(await staffOf(data, query))
    const sheet = rows.map((r) =>
      Object.fromEntries(STRUCTURE_COLUMNS.map(([label, key]) => [label, r[key]])),
    )
    if (!sheet.length) sheet.push(Object.fromEntries(STRUCTURE_COLUMNS.map(([label]) => [label, ''])))
    return sendXlsx(reply, `实验室人员结构统计-${stamp()}.xlsx`, '实验室人员结构统计', sheet)
  })
}
