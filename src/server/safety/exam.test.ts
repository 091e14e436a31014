import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { databaseUrlFor } from '../../../tests/support/postgres'
import { localTime as at, useFixedClock } from '../../../tests/support/fixed-clock'
import { safetyPaperPerson, safetyPlanPerson, safetyScore } from '../db/schema'
import { sweepExpired } from './sheet-routes'
import { addAccount, addCollege, addStudents, PASSWORD, sheetQuestions } from './testing'

/**
 * Taking an exam (B.5, B.6): study credit, the start checks in order, resume, autosave versions,
 * late saves, hand-in once, the sweeper exactly once with two server processes, and no key or
 * analysis in any reply a candidate gets before hand-in.
 */

let t: TestServer
let staff: Api
const S = '/api/safetyexam'
const setNow = useFixedClock().set

let planId = ''
let courseId = ''
const students: Record<string, Api> = {}

async function login(account: string) {
  return t.api(await t.login(account, PASSWORD))
}

async function approveAll() {
  const claim = (await staff.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 })).body.data
    .records
  for (const task of claim) {
    await staff.post('/api/blade-flow/work/claim-task', { query: { taskId: task.taskId } })
    const res = await staff.post('/api/blade-flow/work/complete-task', {
      body: { taskId: task.taskId, pass: true, comment: '同意', flag: 'ok' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
}

beforeAll(async () => {
  t = await startTestServer()
  const db = t.database.db
  await addCollege(db, '08', '材料科学与工程学院')
  await addAccount(db, 'safetystaff', 'staff')
  await addStudents(db, [
    { studentNo: '2025080101', name: '张三', deptSerial: '08', grade: '2025' },
    { studentNo: '2025080102', name: '李四', deptSerial: '08', grade: '2025' },
    { studentNo: '2025080103', name: '王五', deptSerial: '08', grade: '2025' },
    { studentNo: '2025080104', name: '赵六', deptSerial: '08', grade: '2025', account: false },
  ])
  staff = await login('safetystaff')
  for (const no of ['2025080101', '2025080102', '2025080103']) students[no] = await login(no)

  // A small bank: 4 单选, 2 多选, 2 判断 under 通用安全.
  const category = await staff.post(`${S}/safetyexamquesbankcategory/submit`, {
    body: { categoryName: '通用安全' },
  })
  expect(category.status, JSON.stringify(category.body)).toBe(200)
  const imported = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
    body: {
      questions: [
        ...sheetQuestions('通用安全', 1, 4, 'E'),
        ...sheetQuestions('通用安全', 2, 2, 'E'),
        ...sheetQuestions('通用安全', 3, 2, 'E'),
      ],
    },
  })
  expect(imported.body.msg).toBe('导入成功')
  const questions = (await staff.get(`${S}/safetyexamquestionbank/page`, { current: 1, size: 50 })).body.data
    .records
  const paper = await staff.post(`${S}/safetyexampaper/submit`, {
    body: {
      paperName: '小测验',
      paperMode: 1,
      singleCount: 4,
      singleScore: 10,
      multipleCount: 2,
      multipleScore: 20,
      judgeCount: 2,
      judgeScore: 10,
      multiplePartial: 1,
      questionIds: questions.map((q: { id: string }) => q.id),
    },
  })
  expect(paper.status, JSON.stringify(paper.body)).toBe(200)
  const paperId = (await staff.get(`${S}/safetyexampaper/page`)).body.data.records[0].id
  const course = await staff.post(`${S}/safetyexamcourse/submit`, {
    body: { title: '实验室安全概论', studyMinutes: 2, status: 1, content: '<p>安全第一</p>' },
  })
  expect(course.status, JSON.stringify(course.body)).toBe(200)
  courseId = (await staff.get(`${S}/safetyexamcourse/page`)).body.data.records[0].id

  const saved = await staff.post(`${S}/safetyexamplan/submit`, {
    body: {
      planName: '测验考试',
      paperId,
      startTime: '2025-11-20 09:00:00',
      endTime: '2025-11-22 18:00:00',
      duration: 60,
      requiredStudyMinutes: 2,
    },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  planId = saved.body.data.id
  const scope = await staff.post(`${S}/safetyexamplanscope/submit`, {
    body: { planId, userType: 1, deptSerial: '08', grade: '2025' },
  })
  expect(scope.status, JSON.stringify(scope.body)).toBe(200)
  const apply = await staff.post(`${S}/safetyexamplan/handleApplyFor`, { body: { id: planId } })
  expect(apply.status, JSON.stringify(apply.body)).toBe(200)
  await approveAll()
  setNow('2025-11-19 10:00:00')
  const published = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: planId } })
  expect(published.body.msg).toBe('发布成功，考生3人（1人未开通账号，未加入）')
})
afterAll(() => t?.close())

/**
 * Every reply a candidate gets before hand-in is scanned: no analysis text of the bank anywhere, and
 * no question object carrying a key, an analysis, a correctness or points earned.
 */
function noKeys(body: unknown) {
  expect(JSON.stringify(body)).not.toContain('解析')
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>
      if ('qid' in o)
        for (const secret of ['key', 'answer', 'analysis', 'correct', 'earned'])
          expect(o[secret] ?? null, secret).toBeNull()
      Object.values(o).forEach(walk)
    }
  }
  walk(body)
}

describe('study credit', () => {
  it('credits a minute a minute however many readers are open', async () => {
    const s = students['2025080101']
    setNow('2025-11-19 10:00:00')
    const open = await s.post(`${S}/safetyexamstudyrecord/submit`, {
      body: { resourceType: 1, resourceId: courseId, seconds: 0 },
    })
    expect(open.body.data.credited).toBe(0)
    setNow('2025-11-19 10:01:00')
    expect(
      (
        await s.post(`${S}/safetyexamstudyrecord/submit`, {
          body: { resourceType: 1, resourceId: courseId, seconds: 60 },
        })
      ).body.data.credited,
    ).toBe(60)
    // A second reader at the same minute earns nothing more.
    expect(
      (
        await s.post(`${S}/safetyexamstudyrecord/submit`, {
          body: { resourceType: 1, resourceId: courseId, seconds: 60 },
        })
      ).body.data.credited,
    ).toBe(0)
    setNow('2025-11-19 10:01:30')
    expect(
      (
        await s.post(`${S}/safetyexamstudyrecord/submit`, {
          body: { resourceType: 1, resourceId: courseId, seconds: 60 },
        })
      ).body.data.credited,
    ).toBe(30)
    const summary = (
      await s.post(`${S}/safetyexamstudyrecord/submit`, { body: { resourceType: 1, seconds: 0 } })
    ).body.data.mine
    expect(summary.minutes).toBe(1)
  })
})

describe('starting an exam', () => {
  it('refuses in order: not a candidate, not started, study, then starts', async () => {
    const s = students['2025080101']
    setNow('2025-11-20 08:00:00')
    const early = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    expect(early.body.msg).toBe('考试尚未开始（开始时间：2025-11-20 09:00）')
    setNow('2025-11-20 09:10:00')
    const study = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    expect(study.body.msg).toBe('学习时长不足：本次考试要求完成2分钟安全学习，您已学习1分钟')
    setNow('2025-11-20 09:11:00')
    await s.post(`${S}/safetyexamstudyrecord/submit`, {
      body: { resourceType: 1, resourceId: courseId, seconds: 60 },
    })
    setNow('2025-11-20 09:12:00')
    const started = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    noKeys(started.body)
    expect(started.body.data.questions).toHaveLength(8)
    expect(started.body.data.deadline).toBe('2025-11-20 10:12:00')
    expect(started.body.data.remainingSeconds).toBe(3600)
  })
})

type Snap = { qid: string; no: number; type: number; key: string; score: number }

async function snapshotOf(userCode: string) {
  const [person] = await t.database.db
    .select()
    .from(safetyPlanPerson)
    .where(and(eq(safetyPlanPerson.planId, planId), eq(safetyPlanPerson.userCode, userCode)))
  const [paper] = await t.database.db
    .select()
    .from(safetyPaperPerson)
    .where(eq(safetyPaperPerson.personId, person.id))
  return { paper, person, questions: paper.questions as Snap[] }
}

/** The first `wrong` questions answered wrongly (a letter outside the key: no partial credit), the rest right. */
function answersWorth(questions: Snap[], wrong: number): Record<string, string> {
  const wrongOf = (q: Snap) =>
    q.type === 3 ? (q.key === 'T' ? 'F' : 'T') : 'ABCD'.split('').find((k) => !q.key.includes(k))!
  return Object.fromEntries(questions.map((q, i) => [q.qid, i < wrong ? wrongOf(q) : q.key]))
}

describe('answering and handing in', () => {
  it('resumes the same paper, keeps only newer versions and hands in once', async () => {
    const s = students['2025080101']
    setNow('2025-11-20 09:20:00')
    const { paper, questions } = await snapshotOf('2025080101')
    const resumed = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    noKeys(resumed.body)
    expect(resumed.body.data.paperPersonId).toBe(paper.id)
    expect(resumed.body.data.questions.map((q: Snap) => q.qid)).toEqual(questions.map((q) => q.qid))
    expect(resumed.body.data.remainingSeconds).toBe(52 * 60)

    // Version 2 arrives, then a late version 1: the older one is ignored.
    const two = answersWorth(questions, 1)
    const saved = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: two, version: 2, final: 0, blurCount: 1 },
    })
    expect(saved.body.data).toMatchObject({ version: 2, status: 1 })
    noKeys(saved.body)
    const stale = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: {}, version: 1, final: 0, blurCount: 0 },
    })
    expect(stale.body.data).toMatchObject({ version: 2, stale: true })
    const again = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    expect(again.body.data.answers).toEqual(two)
    const sheet = await s.get(`${S}/safetyexamquesbankpaperperson/detail`, { id: paper.id })
    noKeys(sheet.body)

    // An answer that is not one of the question's letters.
    const badAnswer = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: { [questions[0].qid]: 'Z' }, version: 3, final: 0 },
    })
    expect(badAnswer.body.msg).toBe('答案格式不正确（第1题）')
    // Another candidate's paper is not theirs.
    const other = await students['2025080102'].post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: {}, version: 9, final: 1 },
    })
    expect(other.body.msg).toBe('数据不存在或无权访问')

    // Hand in twice at once: one score row, the same answer.
    const [a, b] = await Promise.all([
      s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
        body: { id: paper.id, answers: two, version: 3, final: 1, blurCount: 2 },
      }),
      s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
        body: { id: paper.id, answers: two, version: 3, final: 1, blurCount: 2 },
      }),
    ])
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(a.body.data.score).toBe(90)
    expect(b.body.data.score).toBe(90)
    expect(a.body.data.passed).toBe(1)
    const scores = await t.database.db
      .select()
      .from(safetyScore)
      .where(eq(safetyScore.paperPersonId, paper.id))
    expect(scores).toHaveLength(1)
    expect(scores[0].certificateNo).toMatch(/^AQ2025\d{6}$/)
    expect(scores[0].validUntil).toBe('2027-11-19')
    const third = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: two, version: 4, final: 1 },
    })
    expect(third.body).toMatchObject({ msg: '已交卷', data: { score: 90 } })
    const edit = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: two, version: 5, final: 0 },
    })
    expect(edit.body.msg).toBe('您已交卷，不能修改答案')
    const restart = await s.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    expect(restart.body.msg).toBe('您已交卷，不能重复参加本次考试')
  })

  it('gives one paper to two starts at once', async () => {
    setNow('2025-11-22 17:30:00')
    await students['2025080102'].post(`${S}/safetyexamstudyrecord/submit`, {
      body: { resourceType: 1, resourceId: courseId, seconds: 0 },
    })
    setNow('2025-11-22 17:31:00')
    await students['2025080102'].post(`${S}/safetyexamstudyrecord/submit`, {
      body: { resourceType: 1, resourceId: courseId, seconds: 60 },
    })
    setNow('2025-11-22 17:32:00')
    await students['2025080102'].post(`${S}/safetyexamstudyrecord/submit`, {
      body: { resourceType: 1, resourceId: courseId, seconds: 60 },
    })
    setNow('2025-11-22 17:40:00')
    const [a, b] = await Promise.all([
      students['2025080102'].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId }),
      students['2025080102'].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId }),
    ])
    expect(a.body.data.paperPersonId).toBe(b.body.data.paperPersonId)
    const papers = await t.database.db
      .select()
      .from(safetyPaperPerson)
      .where(and(eq(safetyPaperPerson.planId, planId), eq(safetyPaperPerson.id, a.body.data.paperPersonId)))
    expect(papers).toHaveLength(1)
    // The candidate is 答题中 (1) from the start, in the start's own statement.
    const [candidate] = await t.database.db
      .select()
      .from(safetyPlanPerson)
      .where(and(eq(safetyPlanPerson.planId, planId), eq(safetyPlanPerson.userId, papers[0].userId)))
    expect(candidate.examStatus).toBe(1)
    // The deadline is the plan's end, not start + 60 minutes.
    expect(a.body.data.deadline).toBe('2025-11-22 18:00:00')
  })

  it('takes a save inside the 15 s grace and finalises a later one with what was saved', async () => {
    const s = students['2025080102']
    const { paper, questions } = await snapshotOf('2025080102')
    setNow('2025-11-22 18:00:10')
    const answers = answersWorth(questions, 8)
    const inGrace = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers, version: 1, final: 0 },
    })
    expect(inGrace.status).toBe(200)
    setNow('2025-11-22 18:00:16')
    const late = await s.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.id, answers: answersWorth(questions, 0), version: 2, final: 0 },
    })
    expect(late.body.msg).toBe('考试时间已到，答卷已按最后保存的答案自动提交')
    const [row] = await t.database.db
      .select()
      .from(safetyPaperPerson)
      .where(eq(safetyPaperPerson.id, paper.id))
    expect(row).toMatchObject({ status: 2, submitType: 2, version: 1, score: '0.0' })
    expect(row.submitTime).toEqual(at('2025-11-22 18:00:00'))
  })
})

describe('the sweeper', () => {
  it('hands in an abandoned paper exactly once with two server processes', async () => {
    const db = t.database.db
    // 王五 starts and leaves: the plan's end ends the attempt.
    setNow('2025-11-22 17:50:00')
    const started = await students['2025080103'].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, {
      planId,
    })
    expect(started.body.msg).toBe('学习时长不足：本次考试要求完成2分钟安全学习，您已学习0分钟')
    await db.execute(sql`update safety_exam_plan set required_study_minutes = 0 where id = ${planId}`)
    const paper = (
      await students['2025080103'].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    ).body.data
    const { questions } = await snapshotOf('2025080103')
    await students['2025080103'].post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: paper.paperPersonId, answers: answersWorth(questions, 3), version: 1, final: 0 },
    })
    setNow('2025-11-22 18:00:14')
    expect(await sweepExpired(db)).toBe(0)
    setNow('2025-11-22 18:00:16')
    let second: DatabaseHandle | undefined
    if (t.database.kind === 'postgres') {
      const [{ name }] = (await db.execute(sql`select current_database() as name`)).rows as { name: string }[]
      second = await openDatabase({ url: databaseUrlFor(process.env.DATABASE_URL!, name) })
    }
    try {
      const counts = await Promise.all([sweepExpired(db), sweepExpired(second?.db ?? db), sweepExpired(db)])
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    } finally {
      await second?.close()
    }
    const scores = await db
      .select()
      .from(safetyScore)
      .where(eq(safetyScore.paperPersonId, paper.paperPersonId))
    expect(scores).toHaveLength(1)
    expect(scores[0]).toMatchObject({ submitType: 2, score: '70.0000', passed: 0 })
  })
})

describe('a random paper', () => {
  it('draws each start from the kept pools: exact quotas, no repeats, nothing that left the bank', async () => {
    const db = t.database.db
    const categoryId = (await staff.get(`${S}/safetyexamquesbankcategory/tree`)).body.data[0].id
    const paper = await staff.post(`${S}/safetyexampaper/submit`, {
      body: {
        paperName: '随机小测验',
        paperMode: 2,
        categoryProportion: JSON.stringify([{ categoryId, proportion: 100 }]),
        singleCount: 3,
        singleScore: 20,
        multipleCount: 1,
        multipleScore: 20,
        judgeCount: 1,
        judgeScore: 20,
        multiplePartial: 0,
      },
    })
    expect(paper.status, JSON.stringify(paper.body)).toBe(200)
    const papers = (await staff.get(`${S}/safetyexampaper/page`)).body.data.records
    const paperId = papers.find((p: { paperName: string }) => p.paperName === '随机小测验').id
    setNow('2025-11-23 10:00:00')
    const saved = await staff.post(`${S}/safetyexamplan/submit`, {
      body: {
        planName: '随机测验考试',
        paperId,
        startTime: '2025-11-24 09:00:00',
        endTime: '2025-11-25 18:00:00',
        duration: 60,
        requiredStudyMinutes: 0,
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const randomPlanId = saved.body.data.id
    await staff.post(`${S}/safetyexamplanscope/submit`, {
      body: { planId: randomPlanId, userType: 1, deptSerial: '08', grade: '2025' },
    })
    const apply = await staff.post(`${S}/safetyexamplan/handleApplyFor`, { body: { id: randomPlanId } })
    expect(apply.status, JSON.stringify(apply.body)).toBe(200)
    await approveAll()
    const published = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: randomPlanId } })
    expect(published.body.msg).toBe('发布成功，考生3人（1人未开通账号，未加入）')

    setNow('2025-11-24 10:00:00')
    const start = (no: string) =>
      students[no].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId: randomPlanId })
    const typesOf = (questions: { type: number }[]) => questions.map((q) => q.type).join('')
    // two starts at once: one paper, 3 单选 + 1 多选 + 1 判断, no question twice
    const [a, b] = await Promise.all([start('2025080101'), start('2025080101')])
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    noKeys(a.body)
    expect(b.body.data.paperPersonId).toBe(a.body.data.paperPersonId)
    expect(typesOf(a.body.data.questions)).toBe('11123')
    expect(new Set(a.body.data.questions.map((q: { qid: string }) => q.qid)).size).toBe(5)

    // A 单选 leaves the bank behind the server's back (another process): the kept pool still names
    // it, but no later start gets it; 3 单选 remain, so the next paper holds exactly those.
    const singles = (
      (
        await db.execute(
          sql`select id from safety_exam_question_bank where question_type = 1 and is_deleted = 0 order by id`,
        )
      ).rows as { id: string }[]
    ).map((r) => String(r.id))
    await db.execute(sql`update safety_exam_question_bank set status = 0 where id = ${singles[0]}`)
    const c = await start('2025080102')
    expect(c.status, JSON.stringify(c.body)).toBe(200)
    noKeys(c.body)
    expect(typesOf(c.body.data.questions)).toBe('11123')
    const drawnSingles = c.body.data.questions
      .filter((q: { type: number }) => q.type === 1)
      .map((q: { qid: string }) => q.qid)
      .sort()
    expect(drawnSingles).toEqual(singles.slice(1))

    // Both 多选 are edited through the bank after the pools were kept: the next paper shows the edit.
    const multiples = (await staff.get(`${S}/safetyexamquestionbank/page`, { questionType: 2, size: 50 }))
      .body.data.records as { id: string }[]
    for (const m of multiples) {
      const q = (await staff.get(`${S}/safetyexamquestionbank/detail`, { id: m.id })).body.data
      const edited = await staff.post(`${S}/safetyexamquestionbank/submit`, {
        body: { ...q, stem: `${q.stem}（修订）` },
      })
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    }
    const d = await start('2025080103')
    expect(d.status, JSON.stringify(d.body)).toBe(200)
    const multiple = d.body.data.questions.find((q: { type: number }) => q.type === 2)
    expect(multiple.stem).toMatch(/（修订）$/)
  })
})
