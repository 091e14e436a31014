/**
 * Competition figures (issue 12), on a real server over HTTP on a scratch database:
 *  1. 获奖统计 over 20,000 submitted final results (12,000 personal, 8,000 teams of 3–5) in 300
 *     projects, 20 colleges and 400 classes: `group-awards-sum`, `personnal-awards-sum` and
 *     `class-summary`, each beside a plain read of those results with their members.
 *  2. p99 of `savePersonal` with 300 students signing up at once for one project of 100 places, beside
 *     the p99 of 300 concurrent `competitionprojectpreliminaryresult/submit`.
 */
import { eq, inArray } from 'drizzle-orm'
import { Data } from '../src/server/core/data'
import { nextId } from '../src/server/core/ids'
import {
  baseMajor,
  baseStudent,
  competitionApply,
  competitionAppointment,
  competitionAppointmentMember,
  competitionFinalResult,
  competitionPreliminary,
  competitionPreliminaryResult,
  dept,
} from '../src/server/db/schema'
import {
  addAccounts,
  burst,
  statusText,
  bursts,
  compared,
  median,
  medianMs,
  startBenchServer,
  type BenchServer,
  figureRows,
  type Rows,
} from './area-server'
import type { Suite } from './types'

const YEAR = '2025-2026'
const TENANT = '000000'
const COLLEGES = 20
const CLASSES = 400
const STUDENTS = CLASSES * 30
const PROJECTS = 300
const PERSONAL = 12_000
const TEAMS = 8_000
const SIGNING = 300
const PLACES = 100
const ROUNDS = 1
const DAY = 86_400_000

const must = <T = unknown>(res: { status: number; body: { msg?: string; data?: unknown } }, what: string) => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body?.msg}`)
  return res.body.data as T
}

/** Colleges C01–C20, a major each, 400 classes K0001–K0400 of 30 students S00001–S12000. */
async function school(server: BenchServer) {
  const db = server.database.db
  await db.insert(dept).values(
    Array.from({ length: COLLEGES }, (_, i) => ({
      id: nextId(),
      tenantId: TENANT,
      parentId: '0',
      ancestors: '0',
      deptCategory: 2,
      deptName: `第${i + 1}学院`,
      serial: `C${String(i + 1).padStart(2, '0')}`,
    })),
  )
  const data = new Data({ db, tenantId: TENANT, user: null })
  await data.repo(baseMajor).insert(
    Array.from({ length: COLLEGES }, (_, i) => ({
      majorSerial: `M${String(i + 1).padStart(2, '0')}`,
      majorName: `专业${i + 1}`,
      deptSerial: `C${String(i + 1).padStart(2, '0')}`,
    })) as never,
  )
  await server.database.exec(`
    insert into base_class (id, tenant_id, class_no, class_name, dept_serial, major_serial, grade)
    select 8000000000000000000 + c, '${TENANT}', 'K' || lpad(c::text, 4, '0'), '班级' || c,
      'C' || lpad((1 + (c - 1) % ${COLLEGES})::text, 2, '0'), 'M' || lpad((1 + (c - 1) % ${COLLEGES})::text, 2, '0'), '2023'
    from generate_series(1, ${CLASSES}) c;
    insert into base_student (id, tenant_id, student_no, student_name, class_no, dept_serial, major_serial, grade)
    select 8010000000000000000 + s, '${TENANT}', 'S' || lpad(s::text, 5, '0'), '学生' || s,
      'K' || lpad((1 + (s - 1) / 30)::text, 4, '0'),
      'C' || lpad((1 + ((s - 1) / 30) % ${COLLEGES})::text, 2, '0'),
      'M' || lpad((1 + ((s - 1) / 30) % ${COLLEGES})::text, 2, '0'), '2023'
    from generate_series(1, ${STUDENTS}) s;`)
}

/**
 * 300 approved projects with a final each (levels 1–5), 20,000 entries with their members and one
 * submitted result each: entries 1–12,000 personal, the rest teams of 3–5; awards 1–5, a tenth 未获奖.
 */
async function awardsData(server: BenchServer) {
  const y = `'${YEAR}'`
  await server.database.exec(`
    insert into competition_project_apply (id, tenant_id, apply_no, academic_year, project_name, competition_name,
      competition_level, dept_serial, entry_mode, max_entries, entry_count, status)
    select 8100000000000000000 + p, '${TENANT}', 'B' || p, ${y}, '竞赛项目' || p, '赛事' || p, 1 + p % 4,
      'C' || lpad((1 + p % ${COLLEGES})::text, 2, '0'), 3, 0, 0, 4
    from generate_series(1, ${PROJECTS}) p;
    insert into competition_project_final (id, tenant_id, project_id, academic_year, final_level, final_name, status, result_status)
    select 8200000000000000000 + p, '${TENANT}', 8100000000000000000 + p, ${y}, 1 + p % 5, '决赛' || p, 3, 2
    from generate_series(1, ${PROJECTS}) p;
    create temporary table bench_member as
      select e, k, s, 1 + (s - 1) / 30 as c from (
        -- a student at most once a project: the q-th member of project p is student 1 + (37p + q) mod 12,000
        select e, k, 1 + ((1 + (e - 1) % ${PROJECTS}) * 37 +
          case when e <= ${PERSONAL} then (e - 1) / ${PROJECTS} else 40 + ((e - 1) / ${PROJECTS} - 40) * 5 + k end) % ${STUDENTS} as s
        from generate_series(1, ${PERSONAL + TEAMS}) e
        cross join lateral generate_series(0, case when e <= ${PERSONAL} then 0 else 2 + e % 3 end) k) x;
    insert into competition_project_appointment_member (id, tenant_id, appointment_id, project_id, academic_year,
      student_no, student_name, class_no, dept_serial, major_serial, grade, is_leader)
    select 8500000000000000000 + e * 10 + k, '${TENANT}', 8300000000000000000 + e, 8100000000000000000 + 1 + (e - 1) % ${PROJECTS}, ${y},
      'S' || lpad(s::text, 5, '0'), '学生' || s, 'K' || lpad(c::text, 4, '0'),
      'C' || lpad((1 + (c - 1) % ${COLLEGES})::text, 2, '0'), 'M' || lpad((1 + (c - 1) % ${COLLEGES})::text, 2, '0'), '2023',
      case when k = 0 then 1 else 0 end
    from bench_member;
    insert into competition_project_appointment (id, tenant_id, project_id, academic_year, entry_type, team_name,
      leader_student_no, leader_name, member_count, source, dept_serial, class_no)
    select 8300000000000000000 + m.e, '${TENANT}', 8100000000000000000 + 1 + (m.e - 1) % ${PROJECTS}, ${y},
      case when m.e <= ${PERSONAL} then 1 else 2 end, case when m.e <= ${PERSONAL} then null else '队伍' || m.e end,
      'S' || lpad(m.s::text, 5, '0'), '学生' || m.s, n.size, 1,
      'C' || lpad((1 + (m.c - 1) % ${COLLEGES})::text, 2, '0'), 'K' || lpad(m.c::text, 4, '0')
    from bench_member m join (select e, count(*) as size from bench_member group by e) n on n.e = m.e
    where m.k = 0;
    insert into competition_project_final_result (id, tenant_id, final_id, project_id, academic_year, final_level,
      appointment_id, entry_type, team_name, member_nos, member_names, leader_name, dept_serial, class_no, award, status)
    select 8400000000000000000 + a.e, '${TENANT}', 8200000000000000000 + 1 + (a.e - 1) % ${PROJECTS}, 8100000000000000000 + 1 + (a.e - 1) % ${PROJECTS}, ${y},
      1 + (1 + (a.e - 1) % ${PROJECTS}) % 5, 8300000000000000000 + a.e,
      case when a.e <= ${PERSONAL} then 1 else 2 end, case when a.e <= ${PERSONAL} then null else '队伍' || a.e end,
      a.nos, a.names, '学生' || a.leader, 'C' || lpad((1 + (a.c - 1) % ${COLLEGES})::text, 2, '0'), 'K' || lpad(a.c::text, 4, '0'),
      case when a.e % 10 = 0 then 9 else 1 + a.e % 5 end, 1
    from (select e, string_agg('S' || lpad(s::text, 5, '0'), ',' order by k) as nos,
            string_agg('学生' || s, ',' order by k) as names,
            min(s) filter (where k = 0) as leader, min(c) filter (where k = 0) as c
          from bench_member group by e) a;
    drop table bench_member;
    analyze competition_project_final_result; analyze competition_project_appointment_member;
    analyze competition_project_appointment; analyze base_student; analyze base_class;`)
}

async function awardsFigures(server: BenchServer): Promise<Rows> {
  await awardsData(server)
  const db = server.database.db
  const data = new Data({ db, tenantId: TENANT, user: null })
  const R = competitionFinalResult
  const M = competitionAppointmentMember
  let read = { results: 0, members: 0 }
  const plain = await medianMs(3, async () => {
    const results = await data.repo(R).find([eq(R.academicYear, YEAR)], { limit: 100_000 })
    let members = 0
    const ids = results.map((r) => String(r.appointmentId))
    for (let i = 0; i < ids.length; i += 5000)
      members += (
        await data.repo(M).find([inArray(M.appointmentId, ids.slice(i, i + 5000))], { limit: 100_000 })
      ).length
    read = { results: results.length, members }
  })
  const baseline = {
    name: `plain read of the ${read.results} results with their ${read.members} members`,
    value: plain,
    note: 'in-process, results then members by entry; median of 3',
  }
  const rows: Rows = []
  for (const [path, what] of [
    ['group-awards-sum', (d: { total: number }) => `${d.total} team awards`],
    ['personnal-awards-sum', (d: { total: number }) => `${d.total} personal awards`],
    ['class-summary', (d: unknown[]) => `${d.length - 1} classes and 合计`],
  ] as const) {
    let shown = ''
    const ms = await medianMs(5, async () => {
      const res = await server.admin.get(`/api/competition/parameter/${path}`, { academicYear: YEAR })
      shown = (what as (d: unknown) => string)(must(res, path))
    })
    rows.push(
      ...compared(
        `${path} over 20,000 results`,
        { value: ms, note: `median of 5 over HTTP; ${shown}` },
        baseline,
        3,
      ),
    )
  }
  return rows
}

/** 300 students with accounts and warm tokens (in classes K0001–K0010). */
async function signers(server: BenchServer) {
  const nos = Array.from({ length: SIGNING }, (_, i) => `P${String(i + 1).padStart(5, '0')}`)
  const ids = await addAccounts(
    server,
    'student',
    nos.map((no) => ({ account: `s${no}`, name: `报名学生${no}` })),
  )
  const data = new Data({ db: server.database.db, tenantId: TENANT, user: null })
  await data.repo(baseStudent).insert(
    nos.map((no, i) => ({
      studentNo: no,
      studentName: `报名学生${no}`,
      classNo: `K${String(1 + Math.floor(i / 30)).padStart(4, '0')}`,
      deptSerial: 'C02',
      majorSerial: 'M02',
      grade: '2023',
      userId: ids[i],
    })) as never,
  )
  const tokens: string[] = []
  for (let i = 0; i < SIGNING; i += 20) {
    const chunk = await Promise.all(nos.slice(i, i + 20).map((no) => server.tokenFor(`s${no}`)))
    // each opens the sign-up page first (the session is verified once, as in use)
    await Promise.all(
      chunk.map(async (token) =>
        must(
          await server
            .api(token)
            .get('/api/competition/competitionprojectappointment/projectPage', { current: 1, size: 10 }),
          'projectPage',
        ),
      ),
    )
    tokens.push(...chunk)
  }
  return { nos, tokens }
}

/** An approved project: open for sign-up (100 places, personal), or closed with an approved preliminary. */
async function project(server: BenchServer, name: string, open: boolean): Promise<string> {
  const id = nextId()
  await server.database.db.insert(competitionApply).values({
    id,
    tenantId: TENANT,
    applyNo: `BENCH${name}`,
    academicYear: YEAR,
    projectName: name,
    competitionName: `${name}赛事`,
    competitionLevel: 2,
    competitionCategory: 1,
    deptSerial: 'C02',
    entryMode: 1,
    maxEntries: open ? PLACES : 0,
    entryCount: 0,
    signupStart: new Date(Date.now() - (open ? 1 : 20) * DAY),
    signupEnd: new Date(Date.now() + (open ? 7 : -10) * DAY),
    preliminaryRequired: 1,
    status: 4,
    grade: 1,
  } as never)
  return id
}

/** 300 entries of a closed project with scored results in its approved preliminary; the result ids. */
async function scoredRound(server: BenchServer, nos: string[]): Promise<string[]> {
  const projectId = await project(server, '初赛结果基准', false)
  const data = new Data({ db: server.database.db, tenantId: TENANT, user: null })
  const entries = nos.map((no, i) => ({
    id: nextId(),
    projectId,
    academicYear: YEAR,
    entryType: 1,
    leaderStudentNo: no,
    leaderName: `报名学生${no}`,
    memberCount: 1,
    source: 1,
    deptSerial: 'C02',
    classNo: `K${String(1 + Math.floor(i / 30)).padStart(4, '0')}`,
  }))
  await data.repo(competitionAppointment).insert(entries as never)
  await data.repo(competitionAppointmentMember).insert(
    entries.map((e) => ({
      appointmentId: e.id,
      projectId,
      academicYear: YEAR,
      studentNo: e.leaderStudentNo,
      studentName: e.leaderName,
      classNo: e.classNo,
      deptSerial: 'C02',
      isLeader: 1,
    })) as never,
  )
  const [roundId] = await data.repo(competitionPreliminary).insert({
    projectId,
    academicYear: YEAR,
    preliminaryTime: new Date(Date.now() - 5 * DAY),
    form: 1,
    entryCount: nos.length,
    status: 3,
  } as never)
  return data.repo(competitionPreliminaryResult).insert(
    entries.map((e, i) => ({
      preliminaryId: roundId,
      projectId,
      appointmentId: e.id,
      entryType: 1,
      memberNos: e.leaderStudentNo,
      memberNames: e.leaderName,
      deptSerial: 'C02',
      classNo: e.classNo,
      score: (60 + (i % 40)).toFixed(1),
      rank: 0,
      advance: 0,
    })) as never,
  )
}

async function signUpFigure(server: BenchServer): Promise<Rows> {
  const { nos, tokens } = await signers(server)
  const resultIds = await scoredRound(server, nos)
  const signed: number[] = []
  const plain: number[] = []
  const notes: string[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const projectId = await project(server, `报名基准${r + 1}`, true)
    const run = await burst(
      tokens.map(
        (token) => () =>
          server
            .api(token)
            .post('/api/competition/competitionprojectappointment/savePersonal', { body: { projectId } }),
      ),
    )
    signed.push(run.p99)
    const [row] = await server.database.db
      .select({ n: competitionApply.entryCount })
      .from(competitionApply)
      .where(eq(competitionApply.id, projectId))
    if (row.n !== PLACES || run.statuses['200'] !== PLACES)
      notes.push(`round ${r + 1}: counter ${row.n}, ${statusText(run.statuses)}`)
    else if (r === 0) notes.push(statusText(run.statuses))
    const base = await burst(
      resultIds.map(
        (id, i) => () =>
          server.admin.post('/api/competition/competitionprojectpreliminaryresult/submit', {
            body: { id, remark: `第${r + 1}次复核${i}` },
          }),
      ),
    )
    plain.push(base.p99)
    if (base.refused) notes.push(`plain round ${r + 1}: ${statusText(base.statuses)}`)
  }
  return compared(
    `savePersonal p99, ${SIGNING} students at once for ${PLACES} places`,
    {
      value: median(signed),
      note: `${bursts(signed)}; ${notes.join('; ')}`,
    },
    {
      name: `preliminaryresult/submit p99, ${SIGNING} at once`,
      value: median(plain),
      note: `备注 of the ${SIGNING} results of one approved round (each re-ranks the round); ${bursts(plain)}`,
    },
    3,
  )
}

export const competitionSuite: Suite = async () => {
  const server = await startBenchServer('bench_competition')
  const rows: Rows = []
  try {
    await school(server)
    rows.push(...(await figureRows([awardsFigures, signUpFigure], server)))
    rows.push({ name: 'database', value: server.database.kind, unit: '' })
    return rows
  } finally {
    await server.close()
  }
}
