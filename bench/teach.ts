/**
 * Teach figures (issue 10), on a real server over HTTP on a scratch database:
 *  1. p99 of `saveSubscribeList` with 400 students booking at once on the 10 slots of a project
 *     (40 seats each), beside the p99 of 400 concurrent plain `experimentProject/project/submit`.
 *  2. `saveImportProject` of 10,000 projects (half with numbers, half generated) beside a plain batch
 *     insert of the same rows.
 *  3. `dataStatistics` over 3,000 plans × 6 lines beside reading those rows.
 */
import { eq, inArray } from 'drizzle-orm'
import { Data } from '../src/server/core/data'
import { addSchool, setUpTerm, type School } from '../src/server/teach/testing'
import { addLab } from '../src/server/lab/testing'
import { baseStudent, teachCoursePlan, teachCoursePlanProject, teachProject } from '../src/server/db/schema'
import { nextId } from '../src/server/core/ids'
import { localDateOf, mondayOf } from '../src/shared/resources/teach/calendar'
import {
  addAccounts,
  burst,
  compared,
  median,
  medianMs,
  startBenchServer,
  statusText,
  bursts,
  type BenchServer,
  figureRows,
  type Rows,
} from './area-server'
import type { Suite } from './types'

const STUDENTS = 400
const SLOTS = 10
const ROUNDS = 1
const IMPORTED = 10_000
const IMPORT_LABS = 20
const PLANS = 3000
const LINES = 6
const DAY = 86_400_000

const must = <T = unknown>(res: { status: number; body: { msg?: string; data?: unknown } }, what: string) => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body?.msg}`)
  return res.body.data as T
}

/** 400 students (14 classes) with accounts and warm tokens, and ROUNDS published projects of 10 slots. */
async function bookingFixture(server: BenchServer, s: School) {
  const { admin } = s
  const stamp = (d: Date) => `${localDateOf(d)} 00:00:00`
  must(
    await admin.post('/api/experimentProject/projectparams/submit', {
      body: {
        subscribeStart: stamp(new Date(Date.now() - DAY)),
        subscribeEnd: stamp(new Date(Date.now() + 30 * DAY)),
        maxProjects: 10,
        advanceHours: 24,
        cancelHours: 24,
        allowCancel: 1,
      },
    }),
    'booking parameters',
  )
  must(
    await admin.post('/api/teach/teachclassroom/submit', {
      body: { roomId: s.rooms.A305, capacity: 40, status: 1 },
    }),
    'classroom',
  )
  const nos = Array.from({ length: STUDENTS }, (_, i) => `2023${String(i + 1).padStart(6, '0')}`)
  const userIds = await addAccounts(
    server,
    'student',
    nos.map((no) => ({ account: `s${no}`, name: `学生${no}` })),
  )
  const data = new Data({ db: server.database.db, tenantId: '000000', user: null })
  await data.repo(baseStudent).insert(
    nos.map((no, i) => ({
      studentNo: no,
      studentName: `学生${no}`,
      classNo: `BJ23${String(1 + Math.floor(i / 30)).padStart(2, '0')}`,
      deptSerial: '02',
      grade: '2023',
      userId: userIds[i],
    })) as never,
  )
  const projects: { id: string; slots: string[] }[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const name = `预约基准${r + 1}`
    must(
      await admin.post('/api/experimentProject/project/submit', {
        body: {
          projectName: name,
          academicYearId: s.termId,
          labId: s.labId,
          teacherIds: s.teachers.li.id,
          hours: 2,
          maxSlots: 1,
        },
      }),
      name,
    )
    const page = must<{ records: { id: string }[] }>(
      await admin.get('/api/experimentProject/project/page', { projectName: name }),
      'project page',
    )
    const id = String(page.records[0].id)
    // weeks 4–13 of a term whose week 2 is this week: ten slots, all ahead of the advance hours
    const made = must<{ created: number }>(
      await admin.post('/api/experimentProject/projectTime/createTime', {
        body: {
          id,
          weeks: Array.from({ length: SLOTS }, (_, w) => 4 + w),
          addrList: [{ roomId: s.rooms.A305, weekday: r + 1, startSection: 1, endSection: 2, capacity: 40 }],
        },
      }),
      'slots',
    )
    if (made.created !== SLOTS) throw new Error(`made ${made.created} slots`)
    must(
      await admin.post('/api/experimentProject/project/pushProject', { body: { ids: id, push: 1 } }),
      'publish',
    )
    const slots = must<{ records: { id: string }[] }>(
      await admin.get('/api/experimentProject/projectTime/page', { projectId: id, size: 50 }),
      'slot page',
    ).records.map((r) => String(r.id))
    projects.push({ id, slots })
  }
  // Each student opens the booking page first (the session is verified once, as in use).
  const tokens: string[] = []
  for (let i = 0; i < STUDENTS; i += 20) {
    const chunk = await Promise.all(nos.slice(i, i + 20).map((no) => server.tokenFor(`s${no}`)))
    await Promise.all(
      chunk.map(async (token) =>
        must(
          await server
            .api(token)
            .get('/api/experimentProject/projectparams/checkSubscribeTime', { projectId: projects[0].id }),
          'check window',
        ),
      ),
    )
    tokens.push(...chunk)
  }
  return { nos, tokens, projects }
}

async function bookingFigure(server: BenchServer, s: School): Promise<Rows> {
  const { nos, tokens, projects } = await bookingFixture(server, s)
  const booked: number[] = []
  const plain: number[] = []
  const notes: string[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const { slots } = projects[r]
    const run = await burst(
      nos.map(
        (no, i) => () =>
          server.api(tokens[i]).post('/api/experimentProject/projectstu/saveSubscribeList', {
            body: [{ timeId: slots[i % SLOTS], stuSerial: no }],
          }),
      ),
    )
    booked.push(run.p99)
    if (run.refused) notes.push(`round ${r + 1}: ${statusText(run.statuses)}`)
    const base = await burst(
      nos.map(
        (_, i) => () =>
          s.admin.post('/api/experimentProject/project/submit', {
            body: {
              projectName: `基准项目${r}-${i}`,
              academicYearId: s.termId,
              labId: s.labId,
              teacherIds: s.teachers.li.id,
              hours: 2,
              maxSlots: 1,
            },
          }),
      ),
    )
    plain.push(base.p99)
    if (base.refused) notes.push(`plain round ${r + 1}: ${statusText(base.statuses)}`)
  }
  return compared(
    `saveSubscribeList p99, ${STUDENTS} students at once on ${SLOTS} slots`,
    {
      value: median(booked),
      note: `${bursts(booked)}; 40 seats a slot${notes.length ? `; ${notes.join('; ')}` : '; every booking taken'}`,
    },
    {
      name: `project/submit p99, ${STUDENTS} at once`,
      value: median(plain),
      note: bursts(plain),
    },
    3,
  )
}

async function importFigure(server: BenchServer, s: School): Promise<Rows> {
  const labs: string[] = []
  for (let l = 0; l < IMPORT_LABS; l++) {
    const serial = `01${String(l + 2).padStart(2, '0')}`
    await addLab(s.admin, { labName: `导入基准实验室${l + 1}`, deptSerial: '01', serial })
    labs.push(serial)
  }
  const given = new Map<string, number>()
  const rows = Array.from({ length: IMPORTED }, (_, i) => {
    const lab = labs[i % IMPORT_LABS]
    let number = ''
    if (i % 2 === 0) {
      // given numbers sit above the block the generator hands out (001–250 per lab)
      const k = given.get(lab) ?? 0
      given.set(lab, k + 1)
      number = `${lab}${String(500 + k).padStart(3, '0')}`
    }
    return {
      experimentNumber: number,
      experimentName: `导入基准实验${i + 1}`,
      experimentCategory: '基础',
      experimentType: i % 3 ? '综合性' : '验证性',
      isNetwork: '否',
      subjectCode: '0809',
      requirement: '必修',
      experimenterType: '本科生',
      groupSize: 2,
      hours: 2 + (i % 3) * 2,
      labSerial: lab,
      independentCourse: '否',
      deptSerial: '电子信息学院',
      teacherNo: 'T001',
      status: '启用',
    }
  })
  let started = performance.now()
  const result = await s.admin.post('/api/teach/teachproject/saveImportProject', { body: { rows } })
  const imported = performance.now() - started
  const answer = must<{ total: number; generated: number }>(result, 'import')

  // The same rows (as stored) written by plain batch inserts in one transaction, into another tenant.
  const db = server.database.db
  const stored = await db
    .select()
    .from(teachProject)
    .where(inArray(teachProject.labId, await labIds(server, labs)))
  const copies = (tenantId: string) => stored.map((r) => ({ ...r, id: nextId(), tenantId }))
  const plainTimes: number[] = []
  for (let run = 0; run < 3; run++) {
    const rowsOf = copies(`90000${run}`)
    started = performance.now()
    await db.transaction(async (tx) => {
      for (let i = 0; i < rowsOf.length; i += 1000)
        await tx.insert(teachProject).values(rowsOf.slice(i, i + 1000))
    })
    plainTimes.push(performance.now() - started)
  }
  return compared(
    `import ${IMPORTED} projects (saveImportProject)`,
    {
      value: imported,
      note: `${answer.total} rows, ${answer.generated} numbers generated, ${IMPORT_LABS} labs; one run (numbers are never reused)`,
    },
    {
      name: `plain batch insert of the same ${stored.length} rows`,
      value: median(plainTimes),
      note: 'in-process, 1,000 a statement, one transaction; median of 3',
    },
    4,
  )
}

async function labIds(server: BenchServer, serials: string[]) {
  const { labInfo } = await import('../src/server/db/schema')
  const rows = await server.database.db
    .select({ id: labInfo.id })
    .from(labInfo)
    .where(inArray(labInfo.serial, serials))
  return rows.map((r) => r.id)
}

async function statisticsFigure(server: BenchServer, s: School): Promise<Rows> {
  const db = server.database.db
  const data = new Data({ db, tenantId: '000000', user: null })
  const projectIds = (
    await db.select({ id: teachProject.id }).from(teachProject).where(eq(teachProject.tenantId, '000000'))
  ).map((r) => r.id)
  if (projectIds.length < LINES) throw new Error('no projects to plan')
  const courses = Array.from({ length: 300 }, () => nextId())
  const teachers = Array.from({ length: 150 }, () => nextId())
  for (let i = 0; i < PLANS; i += 500) {
    const plans = Array.from({ length: Math.min(500, PLANS - i) }, (_, k) => {
      const n = i + k
      return {
        id: nextId(),
        academicYearId: s.termId,
        courseId: courses[n % courses.length],
        courseNumber: `C${String(n % courses.length).padStart(4, '0')}`,
        courseName: `基准课程${n % courses.length}`,
        deptSerial: n % 2 ? '01' : '02',
        teacherId: teachers[n % teachers.length],
        teacherName: `教师${n % teachers.length}`,
        classNos: `BJ${n}`,
        classKey: `BJ${n}`,
        studentCount: 30 + (n % 20),
        startWeek: 1,
        endWeek: 16,
        labHours: LINES * 2,
        status: [0, 1, 2, 3, 3, 3, 4][n % 7],
      }
    })
    await data.repo(teachCoursePlan).insert(plans as never)
    await data.repo(teachCoursePlanProject).insert(
      plans.flatMap((p, k) =>
        Array.from({ length: LINES }, (_, l) => ({
          coursePlanId: p.id,
          projectId: projectIds[((i + k) * LINES + l) % projectIds.length],
          hours: 2 + (l % 2) * 2,
          planWeeks: l % 2 ? `${l + 2},${l + 4}` : `${l + 1}`,
          sort: l,
        })),
      ) as never,
    )
  }
  await server.database.exec(
    'analyze teach_course_plan; analyze teach_course_plan_project; analyze teach_project',
  )
  let totals = { plans: 0, lines: 0 }
  const statistics = await medianMs(5, async () => {
    const res = await s.admin.get('/api/teach/teachcourseplan/dataStatistics', { academicYearId: s.termId })
    totals = must<{ totals: typeof totals }>(res, 'dataStatistics').totals
  })
  let read = 0
  const reading = await medianMs(5, async () => {
    const plans = await data
      .repo(teachCoursePlan)
      .find([eq(teachCoursePlan.academicYearId, s.termId)], { limit: 100_000 })
    const ids = plans.map((p) => p.id)
    let lines = 0
    for (let i = 0; i < ids.length; i += 1000)
      lines += (
        await data
          .repo(teachCoursePlanProject)
          .find([inArray(teachCoursePlanProject.coursePlanId, ids.slice(i, i + 1000))])
      ).length
    read = plans.length + lines
  })
  return compared(
    `dataStatistics over ${PLANS} plans × ${LINES} lines`,
    {
      value: statistics,
      note: `median of 5 over HTTP; ${totals.plans} plans and ${totals.lines} lines counted (已撤销 left out)`,
    },
    {
      name: 'reading those plans and lines',
      value: reading,
      note: `in-process, ${read} rows; median of 5`,
    },
    3,
  )
}

export const teachSuite: Suite = async () => {
  const server = await startBenchServer('bench_teach')
  const rows: Rows = []
  try {
    const s = await addSchool(server.t)
    // a term whose week 2 is this week, so the booking slots of weeks 4–13 are ahead
    const monday = mondayOf(localDateOf(new Date(Date.now() - 7 * DAY)))
    await setUpTerm(s.admin, s.termId, monday)
    rows.push(...(await figureRows([bookingFigure, importFigure, statisticsFigure], server, s)))
    rows.push({ name: 'database', value: server.database.kind, unit: '' })
    return rows
  } finally {
    await server.close()
  }
}
