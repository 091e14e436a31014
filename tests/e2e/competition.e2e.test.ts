import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import type { Locator } from 'playwright'
import { setCompetitionClock } from '../../src/server/competition/clock'
import { academic } from '../../src/server/db/schema'
import {
  PARAMETER,
  application,
  decide,
  okBody,
  seedSchool,
  type School,
} from '../../src/server/competition/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { fillDateTime, openRegion, row, toast } from './screens'

/**
 * 竞赛管理 through its screens against the real server (issue 12): a teacher submits an application,
 * the office scores and grades it, a student enters a team, the teacher registers the preliminary,
 * the office audits it, runs the final with its awards, and reads the statistics and 校赛数据.
 * What the stories do not exercise in the UI (the flow's first approvals, the other reviewers'
 * scores, more teams) is prepared through the API as those people.
 */

const t = useLabApp('competition')
let school: School
let projectId = ''
const at = (s: string) => setCompetitionClock(() => new Date(s))
const A = '/api/competition/competitionprojectapply'
const E = '/api/competition/competitionprojectappointment'

beforeAll(async () => {
  school = await seedSchool(t.server.server)
  // No current term: the current 学年 follows the area's clock (2025-2026 in these stories).
  await t.server.server.database.db.update(academic).set({ isCurrent: 0 })
  at('2025-10-01T09:00:00')
  const staff = await school.login('staffRoot')
  okBody(
    await staff.post('/api/competition/parameter/submit', {
      body: { ...PARAMETER, addresses: [{ addressName: '实验楼A301' }] },
    }),
  )
  const teacher = await school.login('teacher1')
  projectId = okBody(await teacher.post(`${A}/submit`, { body: { ...application(school), applyFlag: 0 } })).id
})
afterAll(() => setCompetitionClock(null))

async function signIn(who: string) {
  const { app } = t
  if (who === 'admin') await app.signIn('admin', TEST_ADMIN_PASSWORD)
  else await app.signIn(school.people[who].account, school.people[who].password)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
}

const gridOf = (screen: Locator, name: string) => screen.getByRole('grid', { name })
const dialog = () => t.app.page.getByRole('dialog').last()

async function pick(label: string | RegExp, option: string, within: Locator = dialog()) {
  await within.getByRole('combobox', { name: label }).click()
  await t.app.page.getByRole('option', { name: option }).click()
}

describe('竞赛管理', () => {
  it('a teacher submits the drafted application from its dialog and follows it', async () => {
    await signIn('teacher1')
    const screen = await openRegion(t.app, '/competition/competitionprojectapply', '竞赛项目申报')
    const grid = gridOf(screen, '竞赛项目申报')
    const line = row(grid, '电子设计竞赛校内选拔赛')
    await line.getByText('草稿').waitFor()
    await line.getByRole('button', { name: '编辑' }).click()
    await expect
      .poll(() =>
        dialog()
          .getByRole('textbox', { name: /竞赛项目名称/ })
          .inputValue(),
      )
      .toBe('电子设计竞赛校内选拔赛')
    await t.app.screenshot('apply dialog')
    await dialog().getByRole('button', { name: '提交申报' }).click()
    await toast(t.app.page, '已提交申报（JS2025001）')
    await line.getByText('审核中').waitFor()
    // 审核中: no 编辑 or 删除 any more; 查看 shows the flow
    expect(await line.getByRole('button', { name: '编辑' }).count()).toBe(0)
    await line.getByRole('button', { name: '查看' }).click()
    await dialog().getByText('JS2025001').waitFor()
    await dialog().getByRole('tab', { name: '审批记录' }).click()
    await t.app.screenshot('apply view flow')
    await dialog().getByRole('button', { name: '关闭' }).click()
  })

  it('the office scores inline and grades in a batch', async () => {
    // 院系审核 passes
    const detail = okBody(await (await school.login('teacher1')).get(`${A}/detail`, { id: projectId }))
    await decide(await school.login('staffA'), detail.processInstanceId, true)
    await signIn('admin')
    // 学校审核 on the flow's handle page, which shows the application
    const admin = t.server.server.api(await t.server.server.login())
    const lists = await Promise.all(
      ['claim-list', 'todo-list'].map(async (l) =>
        okBody(await admin.get(`/api/blade-flow/work/${l}`, { current: 1, size: 50 })),
      ),
    )
    const task = lists
      .flatMap((l) => l.records as { taskId: string; processInstanceId: string }[])
      .find((r) => r.processInstanceId === detail.processInstanceId)!
    await t.app.page.evaluate(
      `location.hash = '#/work/process/competition_apply/handle/${task.taskId}/${task.processInstanceId}/${projectId}'`,
    )
    const record = t.app.page.getByRole('region', { name: '竞赛项目申报' })
    await record.getByText('JS2025001').waitFor()
    await t.app.screenshot('apply handle page')
    await t.app.page.getByRole('button', { name: '同意' }).click()
    await toast(t.app.page, '审批通过')
    // two other reviewers score 92 and 75
    for (const [who, score] of [
      ['staffA', 92],
      ['staffRoot', 75],
    ] as const)
      okBody(
        await (
          await school.login(who)
        ).post(`${A}/updateBatch`, { body: { action: 'score', items: [{ id: projectId, score }] } }),
      )

    const screen = await openRegion(t.app, '/competition/applyReview', '申报评审')
    const scores = gridOf(screen, '评分')
    await scores.getByRole('spinbutton', { name: '评分 电子设计竞赛校内选拔赛' }).fill('88')
    await scores.getByRole('textbox', { name: '评语 电子设计竞赛校内选拔赛' }).fill('方案完整')
    await screen.getByRole('button', { name: '保存评分' }).click()
    await toast(t.app.page, '评分已保存')

    await screen.getByRole('tab', { name: '评定' }).click()
    const grades = gridOf(screen, '评定')
    const line = row(grades, '电子设计竞赛校内选拔赛')
    await line.getByText('A（重点资助）').first().waitFor()
    await line.getByText('85').first().waitFor()
    await line.getByRole('checkbox', { name: 'select row' }).click()
    await screen.getByRole('button', { name: /批量评定/ }).click()
    await pick('评定等级', 'A（重点资助）')
    await dialog().getByRole('spinbutton').fill('25000')
    await dialog().getByRole('button', { name: '确定' }).click()
    await toast(t.app.page, '核定经费不能超过申请经费')
    await dialog().getByRole('spinbutton').fill('15000')
    await dialog().getByRole('button', { name: '确定' }).click()
    await toast(t.app.page, '评定完成')
    await line.getByText('已立项').waitFor()
    await t.app.screenshot('review grade')
  })

  it('a student enters a team with members looked up by 学号', async () => {
    at('2025-10-21T09:00:00')
    await signIn('s2022010101')
    const screen = await openRegion(t.app, '/competition/competitionprojectappointment', '竞赛报名')
    const card = screen.getByRole('listitem', { name: '电子设计竞赛校内选拔赛' })
    await card.getByText('报名中').waitFor()
    await card.getByRole('button', { name: '团队报名' }).click()
    await expect
      .poll(() => dialog().getByRole('textbox', { name: '队长学号' }).inputValue())
      .toBe('2022010101')
    await dialog().getByRole('textbox', { name: '团队名称' }).fill('创新队')
    for (const [i, no] of ['2022010102', '2022010103'].entries()) {
      await dialog().getByRole('button', { name: '添加成员' }).click()
      const box = dialog().getByRole('textbox', { name: `成员学号${i + 1}` })
      await box.fill(no)
      await box.blur()
    }
    await dialog().getByText(/李四/).waitFor()
    await dialog().getByText('团队成员（3/5，含队长）').waitFor()
    await t.app.screenshot('team dialog')
    await dialog().getByRole('button', { name: '提交报名' }).click()
    await toast(t.app.page, '报名成功')
    await card.getByRole('button', { name: '已报名，查看' }).waitFor()
    await screen.getByRole('tab', { name: '我的报名' }).click()
    await row(gridOf(screen, '我的报名'), '创新队').getByText('李四', { exact: false }).waitFor()
  })

  it('the teacher registers the preliminary and the office approves it', async () => {
    const staff = await school.login('staffRoot')
    okBody(
      await staff.post(`${E}/saveGroup`, {
        body: { projectId, teamName: '追梦队', leaderStudentNo: '2022010104', memberNos: ['2022010105'] },
      }),
    )
    at('2025-11-06T09:00:00')
    await signIn('teacher1')
    const screen = await openRegion(t.app, '/competition/competitionprojectpreliminary', '初赛管理')
    const grid = gridOf(screen, '初赛管理')
    const line = row(grid, '电子设计竞赛校内选拔赛')
    await line.getByText('未登记').waitFor()
    await line.getByRole('button', { name: '登记' }).click()
    const d = dialog()
    await fillDateTime(d, '初赛时间', '2025-11-08 09:00')
    await pick('比赛地点', '实验楼A301')
    await d.getByRole('spinbutton', { name: '晋级名额' }).fill('1')
    await d.getByRole('spinbutton', { name: '成绩 创新队' }).fill('90')
    await d.getByRole('spinbutton', { name: '成绩 追梦队' }).fill('80')
    // 名次 live, 晋级 pre-ticked by the rule (top 1)
    await expect.poll(() => d.getByRole('checkbox', { name: '晋级 创新队' }).isChecked()).toBe(true)
    expect(await d.getByRole('checkbox', { name: '晋级 追梦队' }).isChecked()).toBe(false)
    await t.app.screenshot('preliminary register')
    await d.getByRole('button', { name: '保存' }).click()
    await toast(t.app.page, '登记成功')
    await line.getByText('草稿').waitFor()
    await line.getByRole('checkbox', { name: 'select row' }).click()
    await screen.getByRole('button', { name: '批量提交' }).click()
    await toast(t.app.page, '已提交1条初赛记录')
    await line.getByText('审核中').waitFor()
  })

  it('the office audits the round, runs the final with its awards and reads the figures', async () => {
    await signIn('admin')
    const page = t.app.page
    let screen = await openRegion(t.app, '/competition/preliminaryAudit', '初赛审核')
    await row(gridOf(screen, '待审核'), '电子设计竞赛校内选拔赛')
      .getByRole('button', { name: '审核' })
      .click()
    await dialog().getByText('90').first().waitFor()
    await dialog().getByRole('button', { name: '同意' }).click()
    await toast(page, '已同意')
    await screen.getByRole('tab', { name: '审核记录' }).click()
    await row(gridOf(screen, '审核记录'), '电子设计竞赛校内选拔赛').getByText('同意').first().waitFor()

    // the final: only the advanced entry is offered
    screen = await openRegion(t.app, '/competition/competitionprojectfinal', '决赛管理')
    await screen.getByRole('button', { name: '新增' }).click()
    await pick('竞赛项目', '电子设计竞赛校内选拔赛')
    await pick(/决赛级别/, '校级')
    await fillDateTime(dialog(), '决赛时间', '2025-11-20 09:00')
    await dialog().getByText('参赛名单（已选1/1）').waitFor()
    await dialog().getByRole('button', { name: '提交审核' }).click()
    await toast(page, '提交成功')
    await row(gridOf(screen, '决赛管理'), '电子设计竞赛校内选拔赛').getByText('审核中').waitFor()
    // closed, so that it opens again on the audited state
    await page.getByRole('button', { name: '关闭 决赛管理' }).click()

    screen = await openRegion(t.app, '/competition/finalAudit', '决赛审核')
    await row(gridOf(screen, '待审核'), '电子设计竞赛校内选拔赛')
      .getByRole('button', { name: '审核' })
      .click()
    await dialog().getByRole('button', { name: '同意' }).click()
    await toast(page, '已同意')

    screen = await openRegion(t.app, '/competition/competitionprojectfinal', '决赛管理')
    const final = row(gridOf(screen, '决赛管理'), '电子设计竞赛校内选拔赛')
    await final.getByRole('button', { name: '录入结果' }).click()
    await pick('获奖等级 创新队', '一等奖')
    await dialog().getByRole('button', { name: '保存' }).click()
    await toast(page, '保存成功')
    await final.getByRole('button', { name: '提交结果' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '结果已提交')
    await final.getByText('已提交').waitFor()

    screen = await openRegion(t.app, '/competition/awards', '获奖统计')
    await screen.getByRole('listitem').filter({ hasText: '一等奖' }).getByText('1').waitFor()
    await row(gridOf(screen, '团体获奖'), '创新队').waitFor()
    await t.app.screenshot('group awards')
    // 导出 saves the rows to the file the save dialog answers
    const file = join(mkdtempSync(join(tmpdir(), 'competition-e2e-')), '团体获奖统计.xlsx')
    t.app.host.dialog.savePaths.push(file)
    await screen.getByRole('button', { name: '导出', exact: true }).click()
    await toast(page, '导出成功')
    const book = XLSX.read(readFileSync(file))
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })
    expect(sheet[0]).toContain('团队名称')
    expect(sheet[1]).toContain('创新队')
    await screen.getByRole('tab', { name: '班级汇总' }).click()
    await row(gridOf(screen, '班级汇总'), '合计').waitFor()
    await t.app.screenshot('class summary')

    screen = await openRegion(t.app, '/competition/campus', '校赛数据')
    const college = row(gridOf(screen, '校赛数据'), '电子信息学院')
    await college.getByText('未填报').waitFor()
    await college.getByRole('button', { name: '填报' }).click()
    await dialog().getByRole('spinbutton', { name: '院级竞赛场次' }).fill('4')
    await dialog().getByRole('button', { name: '提交' }).click()
    await toast(page, '填报成功')
    await college.getByText('已填报').waitFor()

    screen = await openRegion(t.app, '/competition/parameter', '竞赛参数')
    await screen.getByRole('button', { name: '修改' }).click()
    await screen.getByRole('tab', { name: '比赛地点' }).click()
    await screen.getByRole('button', { name: '新增地点' }).click()
    await screen.getByRole('textbox', { name: '地点名称' }).last().fill('实验楼A301')
    await screen.getByRole('button', { name: '保存' }).click()
    await toast(page, '比赛地点已存在')

    // the process pages show the round with its results and the final with its entrants
    const admin = t.server.server.api(await t.server.server.login())
    const rounds = okBody(
      await admin.get('/api/competition/competitionprojectpreliminary/page', { current: 1, size: 10 }),
    )
    const finals = okBody(
      await admin.get('/api/competition/competitionprojectfinal/page', { current: 1, size: 10 }),
    )
    for (const [type, record, title, text] of [
      ['competitionPreliminary', rounds.records[0], '初赛', '90'],
      ['competitionFinal', finals.records[0], '决赛', '一等奖'],
    ] as const) {
      await page.evaluate(
        `location.hash = '#/work/process/${type}/detail/${record.processInstanceId}/${record.id}'`,
      )
      await page.getByRole('region', { name: title, exact: true }).getByText(text).first().waitFor()
      await t.app.screenshot(`${title} process page`)
    }

    for (const [path, title] of [
      ['/competition/competitionprojectpreliminaryresult', '初赛结果'],
      ['/competition/competitionprojectapply', '竞赛项目申报'],
    ] as const) {
      const s = await openRegion(t.app, path, title)
      await row(s.getByRole('grid').first(), '创新队')
        .or(row(s.getByRole('grid').first(), '电子设计'))
        .first()
        .waitFor()
      await t.app.screenshot(title)
    }
  })
})
