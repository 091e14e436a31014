import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useFixedClock } from '../../../tests/support/fixed-clock'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { warmOpenPlans } from './pool-warming'
import { addAccount, addCollege, addStudents, PASSWORD, sheetQuestions } from './testing'

/**
 * Starts on random papers (B.5) drawn from pools the server keeps between starts: a change to the
 * bank is seen by the next start, and candidates starting at once each get a paper of their own with
 * the quotas of 按比例组卷, no question twice and the paper's scores.
 */

let t: TestServer
let staff: Api
const S = '/api/safetyexam'
const setNow = useFixedClock().set
const NOS = ['2025090101', '2025090102', '2025090103', '2025090104', '2025090105', '2025090106']
const students: Record<string, Api> = {}
const categoryIds: Record<string, string> = {}

interface Question {
  id: string
  categoryId: string
  questionType: number
  status: number
}
interface PaperQuestion {
  qid: string
  type: number
  score: number
}

async function importQuestions(questions: ReturnType<typeof sheetQuestions>) {
  const imported = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
    body: { questions },
  })
  expect(imported.body.msg, JSON.stringify(imported.body)).toBe('导入成功')
}

async function bank(): Promise<Question[]> {
  return (await staff.get(`${S}/safetyexamquestionbank/page`, { current: 1, size: 500 })).body.data.records
}

/** A random paper and a published plan on it for the students of 化学学院 2025级; answers the plan id. */
async function randomPlan(name: string, paper: Record<string, unknown>): Promise<string> {
  const saved = await staff.post(`${S}/safetyexampaper/submit`, {
    body: { paperName: name, paperMode: 2, multiplePartial: 0, ...paper },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  const papers = (await staff.get(`${S}/safetyexampaper/page`, { size: 50 })).body.data.records
  const paperId = papers.find((p: { paperName: string }) => p.paperName === name).id
  const plan = await staff.post(`${S}/safetyexamplan/submit`, {
    body: {
      planName: `${name}考试`,
      paperId,
      startTime: '2025-12-01 09:00:00',
      endTime: '2025-12-02 18:00:00',
      duration: 60,
      requiredStudyMinutes: 0,
    },
  })
  expect(plan.status, JSON.stringify(plan.body)).toBe(200)
  const planId = plan.body.data.id
  await staff.post(`${S}/safetyexamplanscope/submit`, {
    body: { planId, userType: 1, deptSerial: '09', grade: '2025' },
  })
  // The approval flow is not what is tested here (exam.test.ts): the plan is marked 已审核 directly.
  await t.database.exec(`update safety_exam_plan set status = 3 where id = ${planId}`)
  setNow('2025-12-01 08:55:00')
  const published = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: planId } })
  expect(published.body.msg).toBe(`发布成功，考生${NOS.length}人`)
  return planId
}

/** A random paper of two 单选题 (20 points each) drawn from one category only, and its plan. */
const twoSinglesPlan = (name: string, category: string) =>
  randomPlan(name, {
    categoryProportion: JSON.stringify([{ categoryId: categoryIds[category], proportion: 100 }]),
    singleCount: 2,
    singleScore: 20,
    multipleCount: 0,
    judgeCount: 0,
  })

const start = (no: string, planId: string) =>
  students[no].get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })

beforeAll(async () => {
  t = await startTestServer()
  const db = t.database.db
  await addCollege(db, '09', '化学学院')
  await addAccount(db, 'poolstaff', 'staff')
  await addStudents(
    db,
    NOS.map((studentNo, i) => ({ studentNo, name: `考生${i + 1}`, deptSerial: '09', grade: '2025' })),
  )
  staff = t.api(await t.login('poolstaff', PASSWORD))
  for (const no of NOS) students[no] = t.api(await t.login(no, PASSWORD))
  for (const name of ['消防安全', '危险化学品', '生物安全', '辐射安全', '电气安全']) {
    const saved = await staff.post(`${S}/safetyexamquesbankcategory/submit`, { body: { categoryName: name } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  }
  for (const c of (await staff.get(`${S}/safetyexamquesbankcategory/tree`)).body.data)
    categoryIds[c.title] = c.id
})
afterAll(() => t?.close())

describe('a random paper after the bank changes', () => {
  it('the next start sees a question taken out of the bank and one added to it', async () => {
    await importQuestions(sheetQuestions('消防安全', 1, 2, '消防'))
    const planId = await twoSinglesPlan('消防随机卷', '消防安全')
    const [first, second] = (await bank()).filter((q) => q.categoryId === categoryIds['消防安全'])

    setNow('2025-12-01 10:00:00')
    const a = await start(NOS[0], planId)
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    expect(a.body.data.questions.map((q: PaperQuestion) => q.qid).sort()).toEqual(
      [first.id, second.id].sort(),
    )

    // 停用 through the bank: the pool is one short for the next start.
    const detail = (await staff.get(`${S}/safetyexamquestionbank/detail`, { id: first.id })).body.data
    const disabled = await staff.post(`${S}/safetyexamquestionbank/submit`, {
      body: { ...detail, status: 0 },
    })
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200)
    const short = await start(NOS[1], planId)
    expect(short.body.msg).toBe('题库题目不足：「消防安全」单选题需要2道，现有1道')

    // A question added to the bank: the next start draws it.
    await importQuestions(sheetQuestions('消防安全', 1, 1, '新增消防'))
    const added = (await bank()).find(
      (q) => q.categoryId === categoryIds['消防安全'] && ![first.id, second.id].includes(q.id),
    )!
    const b = await start(NOS[1], planId)
    expect(b.status, JSON.stringify(b.body)).toBe(200)
    expect(b.body.data.questions.map((q: PaperQuestion) => q.qid).sort()).toEqual(
      [second.id, added.id].sort(),
    )
    expect(b.body.data.totalScore).toBe(40)
  })
})

describe('candidates starting at once on a random paper', () => {
  it('each get their own paper: the quotas by category and type, no repeats, the scores', async () => {
    await importQuestions([
      ...sheetQuestions('危险化学品', 1, 8, '危化'),
      ...sheetQuestions('危险化学品', 2, 3, '危化'),
      ...sheetQuestions('危险化学品', 3, 3, '危化'),
      ...sheetQuestions('生物安全', 1, 8, '生物'),
      ...sheetQuestions('生物安全', 2, 3, '生物'),
      ...sheetQuestions('生物安全', 3, 3, '生物'),
    ])
    // 40/60 by largest remainder: 单选 5 → 2 + 3, 多选 2 → 1 + 1, 判断 2 → 1 + 1; 5×10 + 2×15 + 2×10 = 100
    const planId = await randomPlan('化学生物随机卷', {
      categoryProportion: JSON.stringify([
        { categoryId: categoryIds['危险化学品'], proportion: 40 },
        { categoryId: categoryIds['生物安全'], proportion: 60 },
      ]),
      singleCount: 5,
      singleScore: 10,
      multipleCount: 2,
      multipleScore: 15,
      judgeCount: 2,
      judgeScore: 10,
    })
    setNow('2025-12-01 10:00:00')
    await warmOpenPlans(t.database.db)
    // A bank change just before the crowd arrives: they all wait on the pools read again.
    await importQuestions(sheetQuestions('生物安全', 1, 1, '新增生物'))
    const categoryOf = new Map((await bank()).map((q) => [q.id, q.categoryId]))

    const replies = await Promise.all(NOS.map((no) => start(no, planId)))
    const papers = replies.map((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data as { paperPersonId: string; totalScore: number; questions: PaperQuestion[] }
    })
    for (const paper of papers) {
      const qs = paper.questions
      expect(qs.map((q) => q.type).join('')).toBe('111112233')
      expect(new Set(qs.map((q) => q.qid)).size).toBe(qs.length)
      expect(qs.reduce((sum, q) => sum + q.score, 0)).toBe(100)
      expect(paper.totalScore).toBe(100)
      const quota = (categoryId: string, type: number) =>
        qs.filter((q) => q.type === type && categoryOf.get(q.qid) === categoryId).length
      expect([1, 2, 3].map((type) => quota(categoryIds['危险化学品'], type))).toEqual([2, 1, 1])
      expect([1, 2, 3].map((type) => quota(categoryIds['生物安全'], type))).toEqual([3, 1, 1])
    }
    expect(new Set(papers.map((p) => p.paperPersonId)).size).toBe(NOS.length)
    // random per candidate: six identical draws out of 28 × 84 × 9 × 9 papers do not happen
    const drawn = new Set(
      papers.map((p) =>
        p.questions
          .map((q) => q.qid)
          .sort()
          .join(','),
      ),
    )
    expect(drawn.size).toBeGreaterThan(1)
  })
})

describe('a question changed by another server process', () => {
  it('is seen by the next start although this process kept its pools', async () => {
    await importQuestions(sheetQuestions('辐射安全', 1, 2, '辐射'))
    const planId = await twoSinglesPlan('辐射随机卷', '辐射安全')
    const [first, second] = (await bank()).filter((q) => q.categoryId === categoryIds['辐射安全'])
    setNow('2025-12-01 10:00:00')
    expect((await start(NOS[0], planId)).status).toBe(200)

    // Written by another process, a script that does not even stamp the row: no bank route of this
    // one ran, so its kept pools are not stale.
    const stem = '辐射单选题（已修订）：放射源丢失应立即报告谁？'
    await t.database.exec(`update safety_exam_question_bank set stem = '${stem}' where id = ${first.id}`)
    const edited = await start(NOS[1], planId)
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    const stems = edited.body.data.questions.map((q: PaperQuestion & { stem: string }) => [q.qid, q.stem])
    expect(Object.fromEntries(stems)[first.id]).toBe(stem)

    await t.database.exec(
      `update safety_exam_question_bank set status = 0, update_time = now() where id = ${second.id}`,
    )
    const short = await start(NOS[2], planId)
    expect(short.body.msg).toBe('题库题目不足：「辐射安全」单选题需要2道，现有1道')
  })
})

describe('a plan changed by another server process', () => {
  it('is seen by the next start although this process remembered the plan', async () => {
    await importQuestions(sheetQuestions('电气安全', 1, 3, '电气'))
    const planId = await twoSinglesPlan('电气随机卷', '电气安全')
    setNow('2025-12-01 10:00:00')
    const first = await start(NOS[0], planId)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data.passScore).not.toBe(30)
    expect(first.body.data.deadline).toBe('2025-12-01 11:00:00')

    // Written by another process: the pass mark and an earlier end (2025-12-01 10:30).
    await t.database.exec(
      `update safety_exam_plan set pass_score = 30, end_time = end_time - interval '31 hours 30 minutes' where id = ${planId}`,
    )
    const second = await start(NOS[1], planId)
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    expect(second.body.data.passScore).toBe(30)
    expect(second.body.data.deadline).toBe('2025-12-01 10:30:00')

    await t.database.exec(
      `update safety_exam_plan set end_time = end_time - interval '1 hour' where id = ${planId}`,
    )
    expect((await start(NOS[2], planId)).body.msg).toBe('考试已结束')
    // the candidates who started resume their own papers
    const again = await start(NOS[0], planId)
    expect(again.body.data.paperPersonId).toBe(first.body.data.paperPersonId)
  })
})
