import type { Locator } from 'playwright'
import { describe, expect, it } from 'vitest'
import { addDept, addUser, PEOPLE_PASSWORD } from '../../src/server/flow/testing/people'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { fillDateTime, openTab, row, toast } from './screens'

const t = useLabApp('flow-leave')

/** Opens a menu path as a tab and answers its table. */
async function openList(app: AppHarness, path: string, title: string): Promise<Locator> {
  await openTab(app, path, title)
  return app.page.getByRole('table', { name: title })
}

/** A fresh app signed in as the given account (each person works on their own desktop). */
async function as(account: string): Promise<AppHarness> {
  if (t.app) await t.app.close()
  const app = await t.launch()
  await app.signIn(account, PEOPLE_PASSWORD)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
  return app
}

describe('leave approval through the workflow screens', () => {
  it('apply → head rejects with a comment → teacher edits and re-submits → head approves → final approval', async () => {
    const db = t.server.server.database.db
    const college = await addDept(db, '计算机学院')
    const major = await addDept(db, '软件工程系', college)
    await addUser(db, 'zhang', '张老师', ['teacher'], major.id)
    await addUser(db, 'li', '李主任', ['teacher', 'deptLeader'], major.id)
    await addUser(db, 'wang', '王院长', ['administrator'], college.id)

    // 张老师 applies from 发起事务.
    let app = await as('zhang')
    let page = app.page
    const start = await openList(app, '/work/start', '发起事务')
    await row(start, '请假流程').getByRole('button', { name: '发起' }).click()
    const form = page.getByRole('form', { name: '请假申请' })
    await form.waitFor()
    await form.getByRole('button', { name: '提交申请' }).click()
    await form.getByText('请选择开始时间').waitFor()
    await form.getByText('请输入请假理由').waitFor()
    await app.screenshot('leave form validation')
    await fillDateTime(form, '开始时间', '2026-12-01 08:00')
    await fillDateTime(form, '结束时间', '2026-12-03 18:00')
    await expect.poll(() => form.getByLabel('请假天数').inputValue()).toBe('3')
    await form.getByLabel('请假理由').fill('家中有事')
    await app.screenshot('leave form')
    await form.getByRole('button', { name: '提交申请' }).click()
    await toast(page, '提交成功')
    const sent = page.getByRole('table', { name: '已发事务' })
    await row(sent, '部门负责人审批').getByText('审批中').waitFor()
    await app.screenshot('sent list')
    let todo = await openList(app, '/work/todo', '待办事务')
    await todo.getByText('暂无待办事务').waitFor()

    // 李主任 has it to do and rejects it; a reject needs a comment.
    app = await as('li')
    page = app.page
    todo = await openList(app, '/work/todo', '待办事务')
    await row(todo, '部门负责人审批').getByText('张老师').waitFor()
    await app.screenshot('head todo list')
    await row(todo, '部门负责人审批').getByRole('button', { name: '办理' }).click()
    const info = page.getByRole('region', { name: '请假信息' })
    await info.getByText('家中有事').waitFor()
    await page.getByRole('region', { name: '流转记录' }).getByText('发起流程').waitFor()
    await page.getByRole('button', { name: '驳回' }).click()
    await page.getByText('驳回时请填写审批意见').waitFor()
    await page.getByLabel('审批意见').fill('请写明请假事由和工作安排')
    await app.screenshot('head handles the request')
    await page.getByRole('button', { name: '驳回' }).click()
    await toast(page, '已驳回')
    await page.getByRole('table', { name: '待办事务' }).getByText('暂无待办事务').waitFor()
    // 办结 holds finished processes only: this one goes on
    const unfinished = await openList(app, '/work/done', '办结事务')
    await unfinished.getByText('暂无办结事务').waitFor()

    // 张老师 sees it back in 待办 (调整申请), edits and re-submits.
    app = await as('zhang')
    page = app.page
    todo = await openList(app, '/work/todo', '待办事务')
    await row(todo, '调整申请').getByRole('button', { name: '办理' }).click()
    const edit = page.getByRole('form', { name: '请假申请' })
    await expect.poll(() => edit.getByLabel('请假理由').inputValue()).toBe('家中有事')
    // The returned request shows the times as applied for, in the product's format.
    expect(await edit.getByLabel('开始时间', { exact: true }).inputValue()).toBe('2026-12-01')
    expect(await edit.getByLabel('开始时间 HH:mm', { exact: true }).inputValue()).toBe('08:00')
    expect(await edit.getByLabel('结束时间 HH:mm', { exact: true }).inputValue()).toBe('18:00')
    await page.getByRole('region', { name: '流转记录' }).getByText('请写明请假事由和工作安排').waitFor()
    await fillDateTime(edit, '结束时间', '2026-12-02 18:00')
    await edit.getByLabel('请假理由').fill('家中老人住院，需陪护两天；课程已与刘老师调换')
    await app.screenshot('teacher edits the returned request')
    await edit.getByRole('button', { name: '重新提交' }).click()
    await toast(page, '重新提交成功')
    await page.getByRole('table', { name: '待办事务' }).getByText('暂无待办事务').waitFor()

    // 李主任 approves.
    app = await as('li')
    page = app.page
    todo = await openList(app, '/work/todo', '待办事务')
    await row(todo, '部门负责人审批').getByRole('button', { name: '办理' }).click()
    await page.getByRole('region', { name: '请假信息' }).getByText('课程已与刘老师调换').waitFor()
    await page.getByRole('button', { name: '同意' }).click()
    await toast(page, '审批通过')
    await page.getByRole('table', { name: '待办事务' }).getByText('暂无待办事务').waitFor()

    // 王院长 claims the final step, then approves it.
    app = await as('wang')
    page = app.page
    todo = await openList(app, '/work/todo', '待办事务')
    await todo.getByText('暂无待办事务').waitFor()
    const claim = await openList(app, '/work/claim', '待签事务')
    await row(claim, '终审').getByText('张老师').waitFor()
    await app.screenshot('claim list')
    await row(claim, '终审').getByRole('button', { name: '签收' }).click()
    await toast(page, '签收成功')
    await claim.getByText('暂无待签事务').waitFor()
    todo = await openList(app, '/work/todo', '待办事务')
    await row(todo, '终审').getByRole('button', { name: '办理' }).click()
    await page.getByLabel('审批意见').fill('准假')
    await page.getByRole('button', { name: '同意' }).click()
    await toast(page, '审批通过')

    // 张老师: the request is finished, and its history shows every step.
    app = await as('zhang')
    page = app.page
    const mine = await openList(app, '/work/send', '已发事务')
    await row(mine, '请假流程').getByText('已办结').waitFor()
    await row(mine, '请假流程').getByRole('button', { name: '详情' }).click()
    await page.getByRole('region', { name: '请假信息' }).getByText('已通过').waitFor()
    const history = page.getByRole('list', { name: '流转记录' })
    await history.getByText('准假').waitFor()
    const steps = await history
      .getByRole('listitem')
      .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))
    expect(steps).toEqual(['开始', '部门负责人审批', '调整申请', '部门负责人审批', '终审', '结束（通过）'])
    for (const text of ['李主任', '请写明请假事由和工作安排', '重新提交', '王院长', '驳回'])
      await history.getByText(text).first().waitFor()
    await app.screenshot('leave detail with history')

    // 李主任 worked on it: it is in his 办结 list, with the same history.
    app = await as('li')
    page = app.page
    const done = await openList(app, '/work/done', '办结事务')
    await row(done, '请假流程').getByText('张老师').waitFor()
    await app.screenshot('head done list')
    await row(done, '请假流程').getByRole('button', { name: '详情' }).click()
    await page.getByRole('list', { name: '流转记录' }).getByText('准假').waitFor()
    expect(app.pageErrors).toEqual([])
  })
})
