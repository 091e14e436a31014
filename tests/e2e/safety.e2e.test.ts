import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { safetyPaperPerson, safetyScore } from '../../src/server/db/schema'
import type { SnapQuestion } from '../../src/server/safety/scoring'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import type { Api } from '../support/server'
import {
  addAccount,
  addCollege,
  addStudents,
  PASSWORD,
  sheetQuestions,
} from '../../src/server/safety/testing'
import { useLabApp } from './fixture'
import { publishExamPlan, S, stamp } from './safety-steps'
import { ROOT } from './harness'
import { choose, fillDateTime, openRegion, openTab, pickTree, row, toast } from './screens'

/**
 * 安全考试 end to end against the real server: a student studies, sits the exam across a renderer
 * reload, hands in, sees the score and a certificate (PDF and QR) that verifies publicly; staff open
 * every screen of the menu and read the answer sheet with its keys; staff plan a second exam through
 * the UI (form, scope, approval in 工作台, 发布). The bank and paper are made through the server's calls.
 */
const t = useLabApp('safety')
const PLAN = '2022级实验室安全准入考试'
const UI_PLAN = '2022级安全准入考试（补充批次）'
let staff: Api
let planId = ''

beforeAll(async () => {
  const server = t.server.server
  const db = server.database.db
  await addCollege(db, '08', '材料科学与工程学院')
  await addAccount(db, 'safetystaff', 'staff')
  staff = server.api(await server.login('safetystaff', PASSWORD))
  await addStudents(db, [
    { studentNo: '2022010101', name: '张三', deptSerial: '08', grade: '2022' },
    { studentNo: '2022010102', name: '李四', deptSerial: '08', grade: '2022' },
  ])
  await staff.post(`${S}/safetyexamquesbankcategory/submit`, { body: { categoryName: '通用安全' } })
  const imported = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
    body: { questions: sheetQuestions('通用安全', 1, 5, 'E') },
  })
  expect(imported.status, JSON.stringify(imported.body)).toBe(200)
  const qs = (await staff.get(`${S}/safetyexamquestionbank/page`, { size: 50 })).body.data.records
  await staff.post(`${S}/safetyexampaper/submit`, {
    body: {
      paperName: '五题卷',
      paperMode: 1,
      singleCount: 5,
      singleScore: 20,
      multipleCount: 0,
      judgeCount: 0,
      questionIds: qs.map((q: { id: string }) => q.id),
    },
  })
  const paperId = (await staff.get(`${S}/safetyexampaper/page`)).body.data.records[0].id
  await staff.post(`${S}/safetyexamcourse/submit`, {
    body: { title: '实验室消防安全', studyMinutes: 30, status: 1, content: '<p>灭火器的使用方法</p>' },
  })
  const now = Date.now()
  const plan = await publishExamPlan(staff, {
    planName: PLAN,
    paperId,
    startTime: stamp(new Date(now - 3_600_000)),
    endTime: stamp(new Date(now + 86_400_000)),
    duration: 60,
    issueCertificate: 1,
  })
  planId = plan.planId
  expect(plan.published.status, JSON.stringify(plan.published.body)).toBe(200)
})

/** The menu's screens and a text each shows once its data is there. */
const SCREENS: [path: string, title: string, shows: string][] = [
  ['/safety/study', '安全学习', '我的学习'],
  ['/safety/myExam', '在线考试', '我的考试'],
  ['/safety/myScore', '我的成绩', '暂无数据'],
  ['/safety/course', '安全课程', '实验室消防安全'],
  ['/safety/manual', '安全手册', '共 0 条'],
  ['/safety/knowledge', '安全知识', '共 0 条'],
  ['/safety/studyrecord', '学习记录', '实验室消防安全'],
  ['/safety/label', '标签管理', '共 0 条'],
  ['/safety/quesbankcategory', '题库分类', '通用安全'],
  ['/safety/questionbank', '题库管理', '共 5 条'],
  ['/safety/paper', '试卷管理', '五题卷'],
  ['/safety/notice', '考试通知', '共 0 条'],
  ['/safety/plan', '考试计划', PLAN],
  ['/safety/planperson', '考生管理', '李四'],
  ['/safety/score', '成绩管理', '张三'],
  ['/safety/statistics', '考试统计', '院系通过率'],
  ['/safety/homeparam', '首页参数', '共 0 条'],
]

/** Every object of the page's bridge replies that carries a question stem. */
function questionsIn(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) questionsIn(v, found)
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if ('stem' in o) found.push(o)
    for (const v of Object.values(o)) questionsIn(v, found)
  }
  return found
}

describe('安全考试', () => {
  it('a student studies, sits the exam across a reload, hands in and gets a certificate that verifies', async () => {
    const app = t.app
    const page = app.page
    await app.signIn('2022010101', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()

    // 安全学习: a course opens in the reader (its heartbeat starts the study record).
    await openTab(app, '/safety/study', '安全学习')
    await page.getByText('实验室消防安全').click()
    await page.getByText('灭火器的使用方法').waitFor()
    await app.screenshot('reader')

    // 在线考试: 考试须知, then the exam room with the server's countdown.
    const exams = await openRegion(app, '/safety/myExam', '在线考试')
    await row(exams, PLAN).getByRole('button', { name: '开始考试' }).click()
    const rules = page.getByRole('dialog', { name: '考试须知' })
    await rules.getByRole('checkbox', { name: '我已阅读并同意' }).check()
    await rules.getByRole('button', { name: '开始考试' }).click()
    await page.getByRole('timer').waitFor()
    const db = t.server.server.database.db
    const [paper] = await db.select().from(safetyPaperPerson).where(eq(safetyPaperPerson.planId, planId))
    const qs = paper.questions as SnapQuestion[]
    const group = (i: number) => page.getByRole('group', { name: `第${qs[i].no}题` })
    const answer = async (i: number, right: boolean) => {
      const key = right ? qs[i].key : ['A', 'B', 'C', 'D'].find((k) => k !== qs[i].key)!
      await group(i)
        .getByRole('radio', { name: new RegExp(`^${key}\\.`) })
        .check()
      if (i < qs.length - 1) await group(i).getByRole('button', { name: '下一题' }).click()
    }
    for (let i = 0; i < 3; i++) await answer(i, true)
    await page.getByText('已自动保存').waitFor()
    await app.screenshot('exam room running')

    // A reload comes back into the room with the same questions and answers.
    await page.reload()
    await page.getByRole('timer').waitFor()
    const card = page.getByRole('navigation', { name: '答题卡' })
    for (const q of qs.slice(0, 3)) await card.getByRole('button', { name: `第${q.no}题已答` }).waitFor()
    await expect
      .poll(() =>
        group(0)
          .getByRole('radio', { name: new RegExp(`^${qs[0].key}\\.`) })
          .isChecked(),
      )
      .toBe(true)
    await app.screenshot('exam room after reload')
    await card.getByRole('button', { name: `第${qs[3].no}题未答` }).click()
    await answer(3, true)

    // 交卷 counts what is unanswered; 4 of 5 right = 80 = the pass mark.
    await page.getByRole('button', { name: '交卷' }).click()
    await page.getByRole('dialog').getByText('还有1题未作答，确定交卷？').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await answer(4, false)
    // Nothing the page received before the hand-in holds a key or an analysis.
    const shown = questionsIn(app.ipc.map((r) => r.response))
    expect(shown.length).toBeGreaterThan(0)
    for (const q of shown) expect(Object.keys(q)).not.toContain('key')
    expect(JSON.stringify(app.ipc.map((r) => r.response))).not.toContain('analysis')
    await page.getByRole('button', { name: '交卷' }).click()
    await page.getByRole('dialog').getByText('确定交卷？').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    const result = page.getByRole('status', { name: '已交卷' })
    await result.getByText('80分').waitFor()
    await result.getByText('通过').waitFor()
    await app.screenshot('exam handed in')
    await result.getByRole('button', { name: '返回考试列表' }).click()
    await row(exams, PLAN).getByText('已交卷').waitFor()
    expect(await row(exams, PLAN).getByRole('button').count()).toBe(0)

    // 我的成绩: the certificate card with its QR; 验证 answers the public check (masked).
    await openTab(app, '/safety/myScore', '我的成绩')
    const cert = page.locator(`[aria-label="${PLAN}"]`)
    const certificateNo = `AQ${new Date().getFullYear()}000001`
    await cert.getByText(certificateNo).waitFor()
    await cert.getByText('扫描二维码验证证书真伪').waitFor()
    await cert.getByRole('button', { name: '验证' }).click()
    await cert.getByText('2022****01').waitFor()
    await app.screenshot('my score verified')

    // The certificate PDF through the save dialog, as a picture.
    const dir = mkdtempSync(join(tmpdir(), 'lab-safety-e2e-'))
    const pdf = join(dir, 'certificate.pdf')
    app.host.dialog.savePaths.push(pdf)
    await cert.getByRole('button', { name: '下载证书' }).click()
    await expect.poll(() => app.ipc.some((r) => r.channel === 'files:export')).toBe(true)
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const shots = join(ROOT, 'test-artifacts/screenshots')
    mkdirSync(shots, { recursive: true })
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdf, join(shots, 'safety-certificate')])

    // The QR's public check: no token, masked facts.
    const [score] = await db.select().from(safetyScore).where(eq(safetyScore.planId, planId))
    const check = await fetch(
      `${t.server.url}/api/safetyexam/safetyexamscore/qrCodeDetail?id=${score.id}&userCode=2022010101`,
    ).then((r) => r.json() as Promise<{ data: Record<string, unknown> }>)
    expect(check.data).toMatchObject({
      certificateNo,
      userName: '张*',
      userCode: '2022****01',
      state: '有效',
    })
    expect(check.data).not.toHaveProperty('score')
  })

  it('staff open every screen of the menu and read the answer sheet with its keys', async () => {
    const app = t.app
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    for (const [path, title, shows] of SCREENS) {
      await openTab(app, path, title)
      await page.getByText(shows).filter({ visible: true }).first().waitFor()
      await app.screenshot(`screen ${title}`)
    }
    // 成绩管理 (opened last but two): the sheet with keys and 切屏次数; 汇总成绩 waits for the end.
    await openTab(app, '/safety/score', '成绩管理')
    await page.getByRole('row').filter({ hasText: '张三' }).getByRole('button', { name: '查看答卷' }).click()
    const sheet = page.getByRole('dialog')
    await sheet.getByText('切屏次数').waitFor()
    await sheet
      .getByText(/正确答案/)
      .first()
      .waitFor()
    await app.screenshot('answer sheet')
  })

  it('staff plan an exam in the UI: form, scope, 提交审核, 签收 and 同意 in 工作台, 发布', async () => {
    const app = t.app
    const page = app.page
    await app.signIn('safetystaff', PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const plans = await openRegion(app, '/safety/plan', '考试计划')
    await plans.getByRole('toolbar').getByRole('button', { name: '新增' }).click()
    const form = page.getByRole('dialog')
    await form.getByRole('button', { name: '保存' }).click()
    await form.getByText('请输入考试名称').waitFor()
    await form.getByRole('textbox', { name: /考试名称/ }).fill(UI_PLAN)
    await choose(page, form, /试卷/, '五题卷')
    const soon = new Date(Date.now() + 86_400_000)
    const later = new Date(Date.now() + 2 * 86_400_000)
    await fillDateTime(form, '开始时间', stamp(soon).slice(0, 16))
    await fillDateTime(form, '结束时间', stamp(later).slice(0, 16))
    await app.screenshot('plan form')
    await form.getByRole('button', { name: '保存' }).click()
    await form.waitFor({ state: 'detached' })

    const mine = row(plans, UI_PLAN)
    await mine.getByRole('button', { name: '考试范围' }).click()
    const scope = page.getByRole('dialog')
    await choose(page, scope, /人员类型/, '学生')
    await pickTree(page, scope, /院系/, '材料科学与工程学院')
    await scope.getByRole('textbox', { name: /年级/ }).fill('2022')
    await scope.getByRole('button', { name: '添加范围' }).click()
    await scope.getByText('共 1 条范围，匹配 2 人').waitFor()
    await app.screenshot('plan scope')
    await scope.getByRole('button', { name: '关闭' }).first().click()
    await mine.getByRole('button', { name: '提交审核' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await mine.getByText('审核中').waitFor()

    await openTab(app, '/work/claim', '待签事务')
    const claim = page.getByRole('table', { name: '待签事务' })
    await row(claim, '考试计划审核').first().getByRole('button', { name: '签收' }).click()
    await toast(page, '签收成功')
    await openTab(app, '/work/todo', '待办事务')
    const todo = page.getByRole('table', { name: '待办事务' })
    await row(todo, '考试计划审核').first().getByRole('button', { name: '办理' }).click()
    await page.getByText(UI_PLAN).filter({ visible: true }).first().waitFor()
    await app.screenshot('plan approval')
    await page.getByRole('button', { name: '同意' }).click()
    await toast(page, '审批通过')

    await openTab(app, '/safety/plan', '考试计划')
    await plans
      .getByRole('button', { name: '刷新' })
      .first()
      .click()
      .catch(() => undefined)
    await mine.getByRole('button', { name: '发布' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '发布成功，考生2人')
    await mine.getByText('已发布').waitFor()
    await app.screenshot('plan published')
  })
})
