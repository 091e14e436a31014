import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Locator } from 'playwright'
import * as XLSX from 'xlsx'
import { beforeAll, describe, expect, it } from 'vitest'
import { safetyPaperPerson } from '../../src/server/db/schema'
import type { SnapQuestion } from '../../src/server/safety/scoring'
import {
  addAccount,
  addCollege,
  addStudents,
  PASSWORD,
  sheetQuestions,
} from '../../src/server/safety/testing'
import { useFixedClock } from '../support/fixed-clock'
import type { Api } from '../support/server'
import { useLabApp } from './fixture'
import { publishExamPlan, S, stamp } from './safety-steps'
import { openRegion, row, toast } from './screens'

/**
 * 安全考试, staff stories through the UI against the real server (issue 13 behaviours 1, 2 and 7):
 * a question import refused whole for one bad row, then the corrected file; the paper composer's
 * 按比例组卷 (12/11/7 单选 from 40/35/25, a shortage named); 作废答卷 on an open plan, then after the
 * end 汇总成绩, 缺考, the answer sheet, 生成补考 and its refused repeat. Candidates sit through the
 * server's calls (their screens are safety.e2e's story).
 */
const t = useLabApp('safety-more')
const PLAN = '2022级实验室安全准入考试'
let staff: Api
const dir = mkdtempSync(join(tmpdir(), 'lab-safety-more-'))
const clock = useFixedClock()

/** The import's columns (题目导入's form labels, B.9). */
const HEADER = [
  '题型',
  '题目分类',
  '标签',
  '题干',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '正确答案',
  '答案解析',
  '难度',
  '状态',
]
type SheetRow = ReturnType<typeof sheetQuestions>[number]
const cells = (q: SheetRow) => [
  q.questionType,
  q.categoryPath,
  '',
  q.stem,
  q.optionA,
  q.optionB,
  q.optionC,
  q.optionD,
  '',
  '',
  q.answerText,
  q.analysis,
  q.difficulty,
  q.status,
]
function sheet(name: string, rows: SheetRow[]) {
  const file = join(dir, name)
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows.map(cells)]), 'Sheet1')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return file
}

async function importQuestions(questions: SheetRow[]) {
  const res = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, { body: { questions } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const bankCount = async (stem: string) =>
  Number((await staff.get(`${S}/safetyexamquestionbank/page`, { stem, size: 1 })).body.data.total)

beforeAll(async () => {
  const db = t.server.server.database.db
  await addCollege(db, '08', '材料科学与工程学院')
  await addAccount(db, 'safetystaff', 'staff')
  staff = t.server.server.api(await t.server.server.login('safetystaff', PASSWORD))
  // 通用安全 > 消防安全, 通用安全 > 电气安全, 化学类 > 危险化学品
  for (const name of ['通用安全', '化学类'])
    await staff.post(`${S}/safetyexamquesbankcategory/submit`, { body: { categoryName: name } })
  const roots = (await staff.get(`${S}/safetyexamquesbankcategory/tree`)).body.data as {
    id: string
    title: string
  }[]
  const rootId = (title: string) => roots.find((r) => r.title === title)!.id
  for (const [parent, name] of [
    ['通用安全', '消防安全'],
    ['通用安全', '电气安全'],
    ['化学类', '危险化学品'],
  ]) {
    const res = await staff.post(`${S}/safetyexamquesbankcategory/submit`, {
      body: { categoryName: name, parentId: rootId(parent) },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  // The composer's bank: 危险化学品 holds 9 单选 (its 35 % of 30 needs 11).
  await importQuestions([
    ...sheetQuestions('通用安全/消防安全', 1, 15, '消防'),
    ...sheetQuestions('通用安全/消防安全', 2, 5, '消防'),
    ...sheetQuestions('通用安全/消防安全', 3, 10, '消防'),
    ...sheetQuestions('通用安全/电气安全', 1, 10, '电气'),
    ...sheetQuestions('通用安全/电气安全', 2, 5, '电气'),
    ...sheetQuestions('通用安全/电气安全', 3, 10, '电气'),
    ...sheetQuestions('化学类/危险化学品', 1, 9, '危化'),
    ...sheetQuestions('化学类/危险化学品', 2, 5, '危化'),
    ...sheetQuestions('化学类/危险化学品', 3, 10, '危化'),
  ])
})

describe('安全考试 staff stories', () => {
  it('a question import with one bad row is refused whole with its message; the corrected file imports', async () => {
    const app = t.app
    const page = app.page
    await app.signIn('safetystaff', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const screen = await openRegion(app, '/safety/questionbank', '题库管理')
    await screen.getByText('共 79 条').waitFor()

    const good = sheetQuestions('通用安全/消防安全', 1, 10, '导入')
    const bad = good.map((q, i) => (i === 3 ? { ...q, categoryPath: '消防' } : q))
    app.host.dialog.openPaths.push(sheet('bad.xlsx', bad))
    await screen.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 10 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await dialog.getByText('第5行：题目分类「消防」不存在').waitFor()
    await app.screenshot('question import refused')
    expect(await bankCount('导入')).toBe(0)

    app.host.dialog.openPaths.push(sheet('good.xlsx', good))
    await dialog.getByRole('button', { name: '选择文件' }).click()
    await dialog.getByText('共 10 行，0 行有错误').waitFor()
    await dialog.getByRole('button', { name: '确认导入' }).click()
    await toast(page, '导入成功')
    await dialog.waitFor({ state: 'detached' })
    await screen.getByText('共 89 条').waitFor()
    expect(await bankCount('导入')).toBe(10)
  })

  it('按比例组卷 names a short category, then gives 12/11/7 单选 for 40/35/25', async () => {
    const app = t.app
    const page = app.page
    await app.signIn('safetystaff', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const screen = await openRegion(app, '/safety/paper', '试卷管理')
    await screen.getByRole('toolbar').getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /试卷名称/ }).fill('新生准入固定卷')
    // the default 30×2 + 10×2 + 20×1
    await dialog.getByText('总分：100').waitFor()

    const proportions: [string, number][] = [
      ['消防安全', 40],
      ['危险化学品', 35],
      ['电气安全', 25],
    ]
    for (const [i, [category, share]] of proportions.entries()) {
      await dialog.getByRole('button', { name: '添加分类' }).click()
      await pickCategory(dialog, i, category)
      await dialog.getByRole('spinbutton', { name: `分类比例${i + 1}` }).fill(String(share))
    }
    await dialog.getByText('合计：100%').waitFor()

    await dialog.getByRole('button', { name: '按比例组卷' }).click()
    await toast(page, '题库题目不足：「危险化学品」单选题需要11道，现有9道')
    await app.screenshot('paper composer shortage')

    await importQuestions(sheetQuestions('化学类/危险化学品', 1, 2, '补充危化'))
    await dialog.getByRole('button', { name: '按比例组卷' }).click()
    await dialog.getByText('单选题 30/30').waitFor()
    await dialog.getByText('多选题 10/10').waitFor()
    await dialog.getByText('判断题 20/20').waitFor()
    const preview = dialog.getByRole('table', { name: '预览' })
    const drawn = (category: string, type: string) =>
      preview.getByRole('row').filter({ hasText: category }).filter({ hasText: type }).count()
    expect(await drawn('消防安全', '单选题')).toBe(12)
    expect(await drawn('危险化学品', '单选题')).toBe(11)
    expect(await drawn('电气安全', '单选题')).toBe(7)
    expect(await drawn('消防安全', '判断题')).toBe(8)
    expect(await drawn('危险化学品', '判断题')).toBe(7)
    expect(await drawn('电气安全', '判断题')).toBe(5)
    await app.screenshot('paper composer drawn')

    await dialog.getByRole('button', { name: '保存' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(screen, '新生准入固定卷').first().waitFor()
  })

  it('作废答卷 on an open plan lets a candidate sit again; after the end 汇总成绩, 缺考, 生成补考 once', async () => {
    const { planId, sit } = await publishedPlan()
    await sit('2022010101', true)
    await sit('2022010102', true)

    const app = t.app
    const page = app.page
    await app.signIn('safetystaff', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const screen = await openRegion(app, '/safety/score', '成绩管理')
    const scores = screen.getByRole('grid').first()
    await row(scores, '李四').first().waitFor()

    // 作废答卷 while the plan is open: 李四 may start again and hands in a failing paper.
    await row(scores, '李四').getByRole('button', { name: '作废答卷' }).click()
    await page.getByText('确定作废该考生的答卷？').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '作废成功')
    await row(scores, '李四').first().waitFor({ state: 'detached' })
    await sit('2022010102', false)
    const again = await sit('2022010102', false)
    expect(again.msg).toBe('您已交卷，不能重复参加本次考试')

    // The exam has ended (the server's clock moves past 结束时间).
    const after = Date.now() + 3 * 86_400_000
    clock.set(after)
    await screen.getByRole('toolbar').getByRole('button', { name: '汇总成绩' }).click()
    await page.getByText('确定汇总成绩？').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '汇总完成：实考2人，缺考1人，通过1人')
    await row(scores, '李四').first().waitFor()
    await app.screenshot('scores collected')

    await screen.getByRole('tab', { name: '缺考' }).click()
    await row(screen.getByRole('grid').first(), '王五').first().waitFor()
    expect(await screen.getByRole('grid').first().getByText('张三').count()).toBe(0)
    await app.screenshot('absentees')

    await screen.getByRole('tab', { name: '成绩' }).click()
    await row(scores, '李四').getByRole('button', { name: '查看答卷' }).click()
    const sheetDialog = page.getByRole('dialog')
    await sheetDialog.getByText('切屏次数').waitFor()
    await sheetDialog
      .getByText(/正确答案/)
      .first()
      .waitFor()
    await sheetDialog.getByRole('button', { name: '关闭' }).last().click()
    await sheetDialog.waitFor({ state: 'detached' })

    const resit = `${PLAN}（补考1）`
    await screen.getByRole('toolbar').getByRole('button', { name: '生成补考' }).click()
    await toast(page, `已生成补考计划「${resit}」，考生2人`)
    await screen.getByRole('toolbar').getByRole('button', { name: '生成补考' }).click()
    await toast(page, `已生成补考计划「${resit}」，请勿重复生成`)
    await app.screenshot('resit refused')
    const plans = (await staff.get(`${S}/safetyexamplan/page`, { size: 50 })).body.data.records as {
      planName: string
    }[]
    expect(plans.filter((p) => p.planName === resit)).toHaveLength(1)
    expect(planId).toBeTruthy()
  })
})

/** Picks the proportion row's category (its tree button is named by the 分类比例 field). */
async function pickCategory(dialog: Locator, i: number, category: string) {
  const page = t.app.page
  await dialog.getByRole('button', { name: '分类比例', exact: true }).nth(i).click()
  await page.getByPlaceholder('筛选').fill(category)
  await page.getByRole('treeitem', { name: category }).first().getByText(category, { exact: true }).click()
  await page.getByRole('tree').waitFor({ state: 'detached' })
  await expect
    .poll(() => dialog.getByRole('button', { name: '分类比例', exact: true }).nth(i).textContent())
    .toContain(category)
}

/**
 * A published plan over three students of a five-question paper (20 each, pass 80), open now; `sit`
 * starts and hands in through the server's calls, all right or all wrong, and answers the reply.
 */
async function publishedPlan() {
  const server = t.server.server
  const db = server.database.db
  await addStudents(db, [
    { studentNo: '2022010101', name: '张三', deptSerial: '08', grade: '2022' },
    { studentNo: '2022010102', name: '李四', deptSerial: '08', grade: '2022' },
    { studentNo: '2022010103', name: '王五', deptSerial: '08', grade: '2022' },
  ])
  const ids = (
    (await staff.get(`${S}/safetyexamquestionbank/page`, { stem: '电气单选题', size: 5 })).body.data
      .records as { id: string }[]
  ).map((q) => q.id)
  const paper = await staff.post(`${S}/safetyexampaper/submit`, {
    body: {
      paperName: '五题卷',
      paperMode: 1,
      singleCount: 5,
      singleScore: 20,
      multipleCount: 0,
      judgeCount: 0,
      questionIds: ids.join(','),
    },
  })
  expect(paper.status, JSON.stringify(paper.body)).toBe(200)
  const papers = (await staff.get(`${S}/safetyexampaper/page`, { paperName: '五题卷' })).body.data.records
  const now = Date.now()
  const { planId, published } = await publishExamPlan(staff, {
    planName: PLAN,
    paperId: papers[0].id,
    startTime: stamp(new Date(now - 3_600_000)),
    endTime: stamp(new Date(now + 86_400_000)),
    duration: 60,
    requiredStudyMinutes: 0,
  })
  expect(published.body.msg).toBe('发布成功，考生3人')

  const sit = async (studentNo: string, right: boolean) => {
    const student = server.api(await server.login(studentNo, PASSWORD))
    const started = await student.get(`${S}/safetyexamplan/getPaperQuestionsByUserUniapp`, { planId })
    if (started.status !== 200) return started.body as { msg: string }
    const [attempt] = await db
      .select()
      .from(safetyPaperPerson)
      .where(
        and(
          eq(safetyPaperPerson.id, String(started.body.data.paperPersonId)),
          eq(safetyPaperPerson.isDeleted, 0),
        ),
      )
    const answers = Object.fromEntries(
      (attempt.questions as SnapQuestion[]).map((q) => [q.qid, right ? q.key : q.key === 'A' ? 'B' : 'A']),
    )
    const handed = await student.post(`${S}/safetyexamquesbankpaperperson/submit`, {
      body: { id: attempt.id, answers, version: 1, final: 1, blurCount: right ? 0 : 2 },
    })
    expect(handed.status, JSON.stringify(handed.body)).toBe(200)
    return handed.body as { msg: string }
  }
  return { planId, sit }
}
