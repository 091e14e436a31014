import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import type { Data } from '../../core/data'
import { paginate } from '../../core/data'
import { parsePaging } from '../../core/query'
import { holdsMenu } from '../../auth/permissions'
import { sendXlsx } from '../../base/spreadsheet'
import { baseTeacher, teachBatchPlan, teachBatchPlanRoom, teachBatchPlanTeacher } from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import {
  batchPlanApi,
  type BatchView,
  type Timetable,
  type TimetableOwnerRow,
} from '../../../shared/api/schedule'
import { batchPlanResource } from '../../../shared/resources/schedule/batch-plan'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import {
  dateOf,
  sectionSpanTime,
  sectionsPerDay,
  type TermCalendar,
} from '../../../shared/resources/schedule/calendar'
import {
  formatSections,
  formatWeeks,
  parseWeeks,
  WEEKDAY_NAMES,
} from '../../../shared/resources/schedule/weeks'
import { LIST_SKIP, listSort, partyFilters } from './batch-plan-routes'
import { splitList } from './load'
import { namesOf } from './names'
import { ownTeacher } from './people'
import { enabledClassrooms } from './suggestions'
import { currentWeekOf, datesOfWeek, maybeTermCalendar, termCalendar, termIdOf } from './term'
import { viewsOf } from './views'

const MAX_EXPORT_ROWS = 100000
const EXPORT_PAGE = 5000

/** Entries of a timetable (teaching.md 6): batches, with names; unpublished tagged by status. */
async function timetableOf(
  data: Data,
  owner: Timetable['owner'],
  academicYearId: string,
  where: SQL,
  options: { publishedOnly: boolean; week?: number },
): Promise<Timetable> {
  const calendar = await maybeTermCalendar(data, academicYearId)
  const rows = await data
    .repo(teachBatchPlan)
    .find(
      [
        eq(teachBatchPlan.academicYearId, academicYearId),
        where,
        gte(teachBatchPlan.status, options.publishedOnly ? BATCH_STATUS.published : BATCH_STATUS.submitted),
        sql`${teachBatchPlan.weekday} is not null`,
      ],
      { sort: listSort },
    )
  const week = options.week ?? null
  const shown = week ? rows.filter((r) => parseWeeks(r.weeks).includes(week)) : rows
  const names = await namesOf(data, shown)
  return {
    owner,
    calendar,
    currentWeek: calendar ? currentWeekOf(calendar) : null,
    week,
    dates: calendar && week ? datesOfWeek(calendar, week) : [],
    entries: shown.map((r) => ({
      batchPlanId: r.id,
      projectName: String(r.projectName ?? ''),
      courseName: String(r.courseName ?? ''),
      batchName: `第${r.batchNo}批`,
      weeks: String(r.weeks ?? ''),
      weeksText: formatWeeks(r.weeks),
      weekday: Number(r.weekday),
      startSection: Number(r.startSection),
      endSection: Number(r.endSection),
      rooms: names.roomNames(splitList(r.roomIds)),
      teachers: names.teacherNames(splitList(r.teacherIds)),
      classes: names.classNames(splitList(r.classNos)),
      roomIds: splitList(r.roomIds),
      teacherIds: splitList(r.teacherIds),
      studentCount: Number(r.studentCount ?? 0),
      status: Number(r.status),
      kind: 'batch' as const,
    })),
  }
}

const inLinks = (
  data: Data,
  table: typeof teachBatchPlanTeacher | typeof teachBatchPlanRoom,
  party: string,
) =>
  inArray(
    teachBatchPlan.id,
    data.db
      .select({ id: table.batchPlanId })
      .from(table)
      .where(data.rows(table, eq(table.party, party))),
  )

/**
 * Whose timetable a teacher call means: the named teacher for callers holding 教师课表 (or 全校课表),
 * else always the caller's own (teaching.md 6).
 */
async function teacherOf(data: Data, teacherId: string | undefined) {
  if (teacherId && (await holdsMenu(data.db, data.me, 'teach_teachertimetable'))) {
    const t = await data.repo(baseTeacher).need(teacherId, '教师不存在')
    return { teacher: t, own: false }
  }
  const own = await ownTeacher(data)
  if (!own) bad('当前账号未关联教师信息')
  return { teacher: own!, own: true }
}

/** School schedule filters: the batch list's, status ≥ 已提交. */
function scheduleConditions(data: Data, query: Record<string, unknown>): (SQL | undefined)[] {
  return [gte(teachBatchPlan.status, BATCH_STATUS.submitted), ...partyFilters(data, query)]
}

/** Export columns (issue 11): 课程, 项目, 批次, 周次, 星期, 节次, 时间, 房间, 教师, 班级, 人数, 状态, 冲突. */
function sheetRow(v: BatchView): Record<string, unknown> {
  return {
    课程: v.courseName ?? '',
    项目: v.projectName ?? '',
    批次: v.batchName,
    周次: v.weeksText,
    星期: v.weekdayName,
    节次: v.weekday == null ? '' : v.sectionsText,
    时间: v.timeText,
    房间: v.roomNames,
    教师: v.teacherNames,
    班级: v.classNos ?? '',
    人数: v.studentCount ?? 0,
    状态: v.statusName,
    冲突: v.collisionCount ? `${v.collisionCount}条未处理` : '',
  }
}

const HEADERS = [
  '课程',
  '项目',
  '批次',
  '周次',
  '星期',
  '节次',
  '时间',
  '房间',
  '教师',
  '班级',
  '人数',
  '状态',
  '冲突',
]

/** Every row the filters select, page by page (≤ 100,000). */
async function allRows(
  data: Data,
  query: Record<string, unknown>,
  where: (SQL | undefined)[],
): Promise<BatchPlanRow[]> {
  const rows: BatchPlanRow[] = []
  for (let current = 1; rows.length < MAX_EXPORT_ROWS; current++) {
    const page = await data
      .repo(teachBatchPlan, batchPlanResource)
      .page(
        { ...query, current, size: EXPORT_PAGE },
        { filters: { skip: [...LIST_SKIP, 'format'] }, where, sort: listSort },
      )
    rows.push(...page.records)
    if (page.records.length < EXPORT_PAGE || rows.length >= page.total) break
  }
  return rows
}

async function sendList(
  reply: FastifyReply,
  data: Data,
  rows: BatchPlanRow[],
  fileName: string,
  sheet: string,
) {
  const views = await viewsOf(data, rows)
  const out = views.map(sheetRow)
  if (!out.length) out.push(Object.fromEntries(HEADERS.map((h) => [h, ''])))
  return sendXlsx(reply, fileName, sheet, out)
}

/**
 * The 节次 × 星期 sheet (issue 11): rows 节次 with times, columns 星期, cells
 * "项目 第1批 / 房间 / 班级 / 第1-4周" (several entries of a cell on separate lines).
 */
function gridSheet(calendar: TermCalendar, views: BatchView[]): Record<string, unknown>[] {
  const days = [...new Set([...calendar.teachingWeekdays, ...views.map((v) => Number(v.weekday))])].sort(
    (a, b) => a - b,
  )
  const perDay = Math.max(sectionsPerDay(calendar), ...views.map((v) => Number(v.endSection ?? 0)))
  const rows: Record<string, unknown>[] = []
  for (let section = 1; section <= perDay; section++) {
    const time = sectionSpanTime(calendar, section, section)
    const row: Record<string, unknown> = { 节次: time ? `第${section}节 ${time}` : `第${section}节` }
    for (const d of days)
      row[WEEKDAY_NAMES[d]] = views
        .filter(
          (v) =>
            Number(v.weekday) === d && Number(v.startSection) <= section && section <= Number(v.endSection),
        )
        .map((v) => `${v.projectName} ${v.batchName} / ${v.roomNames} / ${v.classNos ?? ''} / ${v.weeksText}`)
        .join('\n')
    rows.push(row)
  }
  return rows
}

/** Timetables, the school schedule and their exports (`/api/teach/batchplan/*`). */
export function registerTimetableRoutes(app: FastifyInstance) {
  route(app, batchPlanApi.teacherTimetable, async ({ query, data }) => {
    const term = await termIdOf(data, query.academicYearId)
    const { teacher, own } = await teacherOf(data, query.teacherId)
    const owner = {
      id: String(teacher.id),
      name: String(teacher.teacherName ?? ''),
      no: String(teacher.teacherNo ?? ''),
    }
    return ok(
      await timetableOf(data, owner, term, inLinks(data, teachBatchPlanTeacher, owner.id), {
        // 我的课表 shows published batches; 教师课表 also submitted ones, tagged 未发布.
        publishedOnly: own && !query.teacherId,
        week: query.week,
      }),
    )
  })

  route(app, batchPlanApi.labroomTimetable, async ({ query, data }) => {
    const term = await termIdOf(data, query.academicYearId)
    const names = await namesOf(data, [], { roomIds: [query.roomId] })
    const room = names.rooms.get(query.roomId) ?? bad('房间不存在')
    return ok(
      await timetableOf(
        data,
        { id: room.id, name: room.name, no: room.no },
        term,
        inLinks(data, teachBatchPlanRoom, room.id),
        {
          publishedOnly: false,
          week: query.week,
        },
      ),
    )
  })

  route(app, batchPlanApi.timeTran, async ({ query, data }) => {
    const calendar = await termCalendar(data, await termIdOf(data, query.academicYearId))
    if (query.date) {
      const diff = (Date.parse(query.date) - Date.parse(calendar.firstWeekMonday)) / 86400000
      if (Number.isNaN(diff)) bad('日期格式应为 yyyy-MM-dd')
      const week = Math.floor(diff / 7) + 1
      return ok({ week, weekday: (((diff % 7) + 7) % 7) + 1, date: query.date })
    }
    if (!query.week || !query.weekday) bad('请提供日期，或周次和星期')
    return ok({
      week: query.week!,
      weekday: query.weekday!,
      date: dateOf(calendar, query.week!, query.weekday!),
    })
  })

  route(app, batchPlanApi.timeNodeName, async ({ query, data }) => {
    const calendar = await maybeTermCalendar(data, await termIdOf(data, query.academicYearId))
    const time = calendar ? sectionSpanTime(calendar, query.startSection, query.endSection) : ''
    const text = `${formatWeeks(query.weeks)} ${WEEKDAY_NAMES[query.weekday]} ${formatSections(query.startSection, query.endSection)}`
    return ok(`${text}${time ? `（${time}）` : ''}`)
  })

  route(app, batchPlanApi.allTeachers, async ({ query, data }) => {
    const term = await termIdOf(data, String(query.academicYearId ?? '') || undefined)
    const counts = await data.db
      .select({
        id: teachBatchPlanTeacher.party,
        batches: sql<number>`count(*)::int`,
        sections: sql<number>`coalesce(sum((${teachBatchPlan.endSection} - ${teachBatchPlan.startSection} + 1) * (select count(*) from unnest(string_to_array(${teachBatchPlan.weeks}, ',')))), 0)::int`,
      })
      .from(teachBatchPlanTeacher)
      .innerJoin(teachBatchPlan, eq(teachBatchPlan.id, teachBatchPlanTeacher.batchPlanId))
      .where(
        and(
          data.rows(teachBatchPlanTeacher, eq(teachBatchPlanTeacher.academicYearId, term)),
          data.rows(teachBatchPlan, gte(teachBatchPlan.status, BATCH_STATUS.submitted)),
        ),
      )
      .groupBy(teachBatchPlanTeacher.party)
    const byId = new Map(counts.map((c) => [c.id, c]))
    const name = String(query.teacherName ?? query.name ?? '').trim()
    const no = String(query.teacherNo ?? '').trim()
    const dept = String(query.deptSerial ?? '').trim()
    const teachers = await data.repo(baseTeacher).find([], { sort: [asc(baseTeacher.teacherNo)] })
    const rows: TimetableOwnerRow[] = teachers
      .filter(
        (t) => (!name || String(t.teacherName).includes(name)) && (!no || String(t.teacherNo).includes(no)),
      )
      .filter((t) => !dept || t.deptSerial === dept)
      .filter((t) => query.all === '1' || byId.has(String(t.id)))
      .map((t) => ({
        id: String(t.id),
        no: String(t.teacherNo ?? ''),
        name: String(t.teacherName ?? ''),
        deptSerial: t.deptSerial == null ? null : String(t.deptSerial),
        batches: byId.get(String(t.id))?.batches ?? 0,
        sections: byId.get(String(t.id))?.sections ?? 0,
      }))
    return ok(
      await paginate(parsePaging(query), {
        rows: async (limit, offset) => rows.slice(offset, offset + limit),
        count: async () => rows.length,
      }),
    )
  })

  route(app, batchPlanApi.allLabrooms, async ({ query, data }) => {
    const term = await termIdOf(data, String(query.academicYearId ?? '') || undefined)
    const counts = await data.db
      .select({ id: teachBatchPlanRoom.party, batches: sql<number>`count(*)::int` })
      .from(teachBatchPlanRoom)
      .innerJoin(teachBatchPlan, eq(teachBatchPlan.id, teachBatchPlanRoom.batchPlanId))
      .where(
        and(
          data.rows(teachBatchPlanRoom, eq(teachBatchPlanRoom.academicYearId, term)),
          data.rows(teachBatchPlan, gte(teachBatchPlan.status, BATCH_STATUS.submitted)),
        ),
      )
      .groupBy(teachBatchPlanRoom.party)
    const byId = new Map(counts.map((c) => [c.id, c.batches]))
    const name = String(query.roomName ?? query.name ?? '').trim()
    const rooms = (await enabledClassrooms(data))
      .filter((r) => !name || r.roomName.includes(name) || r.roomNo.includes(name))
      .sort((a, b) => a.roomNo.localeCompare(b.roomNo))
    const rows: TimetableOwnerRow[] = rooms.map((r) => ({
      id: r.id,
      no: r.roomNo,
      name: r.roomName,
      labName: r.labName,
      batches: byId.get(r.id) ?? 0,
      sections: 0,
    }))
    return ok(
      await paginate(parsePaging(query), {
        rows: async (limit, offset) => rows.slice(offset, offset + limit),
        count: async () => rows.length,
      }),
    )
  })

  route(app, batchPlanApi.schoolSchedule, async ({ query, data }) => {
    const q = {
      ...query,
      academicYearId: await termIdOf(data, String(query.academicYearId ?? '') || undefined),
    }
    const page = await data.repo(teachBatchPlan, batchPlanResource).page(q, {
      filters: { skip: LIST_SKIP },
      where: scheduleConditions(data, q),
      sort: [asc(teachBatchPlan.weekday), asc(teachBatchPlan.startSection), ...listSort],
    })
    return ok({ ...page, records: await viewsOf(data, page.records) })
  })

  route(app, batchPlanApi.schoolScheduleExport, async ({ query, data, reply }) => {
    const q: Record<string, unknown> = {
      ...query,
      academicYearId: await termIdOf(data, String(query.academicYearId ?? '') || undefined),
    }
    // A caller without 教师课表 or 全校课表 always gets their own teacher row (a room's sheet needs
    // 实验室课表's 导出 or 全校课表).
    const school = await holdsMenu(data.db, data.me, 'teach_schoolschedule')
    const wide = school || (await holdsMenu(data.db, data.me, 'teach_teachertimetable'))
    const rooms = school || (await holdsMenu(data.db, data.me, 'teach_labroomtimetable_export'))
    if (q.roomId && !rooms) delete q.roomId
    if (!wide && !q.roomId) {
      const own = await ownTeacher(data)
      if (!own) bad('当前账号未关联教师信息')
      q.teacherId = own!.id
    }
    const rows = await allRows(data, q, scheduleConditions(data, q))
    if (q.format !== 'grid') return sendList(reply, data, rows, '全校课表.xlsx', '全校课表')
    const calendar = await termCalendar(data, String(q.academicYearId))
    const views = await viewsOf(
      data,
      rows.filter((r) => r.weekday != null),
    )
    let title = '课表'
    if (q.teacherId)
      title = `${(await data.repo(baseTeacher).get(String(q.teacherId)))?.teacherName ?? ''}课表`
    else if (q.roomId)
      title = `${(await namesOf(data, [], { roomIds: [String(q.roomId)] })).room(String(q.roomId)) ?? ''}课表`
    return sendXlsx(reply, `${title}.xlsx`, title, gridSheet(calendar, views))
  })

  route(app, batchPlanApi.pageExport, async ({ query, data, reply }) => {
    const rows = await allRows(data, query, partyFilters(data, query))
    return sendList(reply, data, rows, '排课管理.xlsx', '排课')
  })
}
