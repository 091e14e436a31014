/**
 * 首页 teaching figures (teachStatistics, teachStatisticsDetail and its export) over the published
 * batch plans (status 2) of a term: a batch's hours = (endSection − startSection + 1) × its number of
 * weeks, its 人时数 = hours × studentCount (reports-portal.md 8). A batch belongs to the college of its
 * course plan (开课院系) and to the lab of its first room (else its project's lab).
 *
 * Aggregated in the database: a term of 20,000 batches is a few grouped reads of a few hundred rows,
 * never 20,000 rows carried into the server (the embedded database pays per field it hands over).
 */
import { and, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { labInfo, labRoom, teachBatchPlan, teachCoursePlan, teachProject } from '../../db/schema'
import type { TeachDetailRow, TeachStatistics } from '../../../shared/api/home'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { collegeNames, round2, type HomeScope } from './scope'

type Row = Record<string, unknown>

const rowsOf = (result: unknown) => ((result as { rows?: Row[] }).rows ?? []) as Row[]
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const num = (v: unknown) => Number(v ?? 0)

const chunks = <T>(list: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

// A list column's first entry and its distinct whole numbers, split as `splitList`/`parseWeeks` do.
const SEPARATORS = sql.raw(String.raw`'[,，、\s]+'`)
const FIRST_ENTRY = sql.raw(String.raw`'[^,，、\s]+'`)
const firstRoom = sql`substring(${teachBatchPlan.roomIds} from ${FIRST_ENTRY})`
/** A week list's distinct whole numbers, as an int array (`weeks`: a text column or expression). */
const weekArray = (weeks: SQL) => sql`array(select distinct w::int
  from regexp_split_to_table(${weeks}, ${SEPARATORS}) as w
  where w ~ '^-?[0-9]{1,9}$')`
const weeksText = sql`coalesce(${teachBatchPlan.weeks}, '')`

/** The published batches of the term with sections (of the college, by their course plan). */
const taught = (data: Data, termId: string, college: string | null) =>
  data.rows(
    teachBatchPlan,
    eq(teachBatchPlan.academicYearId, termId),
    gte(teachBatchPlan.status, BATCH_STATUS.published),
    isNotNull(teachBatchPlan.startSection),
    college ? eq(teachCoursePlan.deptSerial, college) : undefined,
  )

const sections = sql`greatest(0, ${teachBatchPlan.endSection} - ${teachBatchPlan.startSection} + 1)`

/**
 * The term's teaching hours alone (the KPI card): the batches' sections summed per week list, each
 * distinct list split once (a term has a few dozen lists, not 20,000: splitting every batch's list
 * was most of the card's time), without the rooms, projects and names the grouped figures join.
 */
export async function termHours(data: Data, termId: string | null, college: string | null): Promise<number> {
  if (!termId) return 0
  const perList = data.db
    .select({ weeks: sql<string>`${weeksText}`.as('weeks'), sections: sql`sum(${sections})`.as('sections') })
    .from(teachBatchPlan)
    .leftJoin(teachCoursePlan, eq(teachCoursePlan.id, teachBatchPlan.coursePlanId))
    .where(taught(data, termId, college))
    .groupBy(weeksText)
    .as('per_list')
  const [row] = await data.db
    .select({
      hours: sql<number>`coalesce(sum(${perList.sections} * cardinality(${weekArray(sql`${perList.weeks}`)})), 0)::float8`,
    })
    .from(perList)
  return round2(num(row?.hours))
}

/**
 * `with b as (…)`: one row per published batch of the term (and college) with what the figures
 * group by — project, course, college, lab, names, sections, week list, students. (Splitting each
 * distinct list once here, joined back, made teachStatistics 3× slower: `b` was then materialised.)
 */
function taughtBatches(data: Data, termId: string, college: string | null): SQL {
  const where = taught(data, termId, college)
  return sql`with b as (select
      coalesce(${teachBatchPlan.projectId}::text, '') as project_id,
      coalesce(${teachBatchPlan.courseId}::text, ${teachCoursePlan.courseNumber}, ${teachBatchPlan.courseName}, '') as course_key,
      coalesce(${teachCoursePlan.deptSerial}, '') as college,
      coalesce(${teachCoursePlan.courseNumber}, '') as course_number,
      coalesce(${teachCoursePlan.courseName}, ${teachBatchPlan.courseName}, '') as course_name,
      coalesce(${teachProject.experimentNumber}, '') as experiment_number,
      case when ${teachProject.id} is null then coalesce(${teachBatchPlan.projectName}, '')
           else coalesce(${teachProject.experimentName}, '') end as experiment_name,
      coalesce(${labRoom.labId}, ${teachProject.labId})::text as lab_id,
      ${sections} as sections,
      ${weekArray(weeksText)} as weeks,
      coalesce(${teachBatchPlan.studentCount}, 0) as students
    from ${teachBatchPlan}
    left join ${teachCoursePlan} on ${teachCoursePlan.id} = ${teachBatchPlan.coursePlanId}
    left join ${labRoom} on ${and(
      sql`${labRoom.id} = case when ${firstRoom} ~ '^[0-9]{1,18}$' then ${firstRoom}::bigint end`,
      data.rows(labRoom),
    )}
    left join ${teachProject} on ${and(eq(teachProject.id, teachBatchPlan.projectId), data.rows(teachProject))}
    where ${where}),
    h as (select b.*, b.sections * cardinality(b.weeks) as hours from b)`
}

async function labNames(data: Data, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter(Boolean)
  const out = new Map<string, string>()
  for (const part of chunks(wanted)) {
    const rows = await data.db
      .select({ id: labInfo.id, name: labInfo.labName })
      .from(labInfo)
      .where(data.rows(labInfo, inArray(labInfo.id, part)))
    for (const r of rows) out.set(r.id, r.name ?? '')
  }
  return out
}

export async function teachStatistics(
  data: Data,
  scope: HomeScope,
  termId: string | null,
): Promise<Omit<TeachStatistics, 'available'>> {
  const batches = termId ? taughtBatches(data, termId, scope.college) : null
  // One read for the totals, each college and each lab (grouping sets), one for the weeks.
  const groups = batches
    ? rowsOf(
        await data.db.execute(sql`${batches}
          select grouping(college) as no_college, grouping(lab_id) as no_lab, college, lab_id,
            count(distinct project_id)::int as projects, count(distinct course_key)::int as courses,
            count(*)::int as batches, coalesce(sum(hours), 0)::float8 as hours,
            coalesce(sum(hours * students), 0)::float8 as student_hours
          from h group by grouping sets ((), (college), (lab_id))`),
      )
    : []
  const weeks = batches
    ? rowsOf(
        await data.db.execute(sql`${batches}
          select w.week, count(*)::int as batches, coalesce(sum(h.sections), 0)::int as hours
          from h cross join lateral unnest(h.weeks) as w(week) group by w.week order by w.week`),
      )
    : []
  const totals = groups.find((g) => num(g.no_college) === 1 && num(g.no_lab) === 1)
  const byCollege = groups.filter((g) => num(g.no_college) === 0)
  const byLab = groups
    .filter((g) => num(g.no_lab) === 0 && text(g.lab_id))
    .sort((a, b) => num(b.hours) - num(a.hours) || text(a.lab_id).localeCompare(text(b.lab_id)))
  const names = await collegeNames(
    data,
    byCollege.map((c) => text(c.college)),
  )
  const top = byLab.slice(0, 10)
  const labs = await labNames(
    data,
    top.map((l) => text(l.lab_id)),
  )
  return {
    academicYearId: termId,
    projects: num(totals?.projects),
    courses: num(totals?.courses),
    batches: num(totals?.batches),
    hours: round2(num(totals?.hours)),
    studentHours: round2(num(totals?.student_hours)),
    byWeek: weeks.map((w) => ({ week: num(w.week), batches: num(w.batches), hours: num(w.hours) })),
    byCollege: byCollege
      .map((c) => {
        const serial = text(c.college)
        return {
          collegeSerialNum: serial,
          collegeName: serial ? (names.get(serial) ?? serial) : '未指定院系',
          projects: num(c.projects),
          batches: num(c.batches),
          hours: num(c.hours),
          studentHours: num(c.student_hours),
        }
      })
      .sort((a, b) => b.hours - a.hours),
    topLabs: top.map((l) => ({
      labId: text(l.lab_id),
      labName: labs.get(text(l.lab_id)) ?? '',
      batches: num(l.batches),
      hours: num(l.hours),
    })),
  }
}

/** 教学统计明细: one row per (college, course, project, lab), ordered by college, course, project. */
export async function teachDetail(
  data: Data,
  scope: HomeScope,
  termId: string | null,
): Promise<TeachDetailRow[]> {
  if (!termId) return []
  const groups = rowsOf(
    await data.db.execute(sql`${taughtBatches(data, termId, scope.college)}
      select college, coalesce(lab_id, '') as lab_id, min(course_number) as course_number,
        min(course_name) as course_name, min(experiment_number) as experiment_number,
        min(experiment_name) as experiment_name, count(*)::int as batches,
        coalesce(sum(hours), 0)::float8 as hours, coalesce(sum(students), 0)::float8 as students,
        coalesce(sum(hours * students), 0)::float8 as student_hours
      from h group by college, course_key, project_id, coalesce(lab_id, '')`),
  )
  const colleges = await collegeNames(
    data,
    groups.map((g) => text(g.college)),
  )
  const labs = await labNames(
    data,
    groups.map((g) => text(g.lab_id)),
  )
  return groups
    .map((g) => {
      const college = text(g.college)
      return {
        collegeName: college ? (colleges.get(college) ?? college) : '',
        courseNumber: text(g.course_number),
        courseName: text(g.course_name),
        experimentNumber: text(g.experiment_number),
        experimentName: text(g.experiment_name),
        labName: labs.get(text(g.lab_id)) ?? '',
        batches: num(g.batches),
        hours: num(g.hours),
        students: num(g.students),
        studentHours: num(g.student_hours),
      }
    })
    .sort(
      (a, b) =>
        a.collegeName.localeCompare(b.collegeName) ||
        a.courseNumber.localeCompare(b.courseNumber) ||
        a.experimentNumber.localeCompare(b.experimentNumber) ||
        a.labName.localeCompare(b.labName),
    )
}
