import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { approvalFlowXml } from '../../src/server/flow/definitions/approval-flow'
import { addUser } from '../../src/server/flow/testing/people'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { rootDeptId } from '../support/fixtures'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'
import { fillDateTime, openTab, row, toast } from './screens'

const t = useLabApp('flow-admin')
const dir = mkdtempSync(join(tmpdir(), 'lab-flow-e2e-'))

describe('流程管理 screens', () => {
  it('uploads and deploys a BPMN file, suspends and activates it, tracks and deletes a running instance', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()

    // 流程部署: a BPMN file for a category
    const file = join(dir, 'fieldTrip.bpmn20.xml')
    writeFileSync(
      file,
      approvalFlowXml({
        key: 'fieldTrip',
        name: '外出调研审批',
        category: 'flow_2',
        route: 'fieldTrip',
        steps: [{ id: 'audit', name: '审核', candidateGroups: 'administrator' }],
      }),
    )
    await openTab(app, '/flow/deploy', '流程部署')
    const deploy = page.getByRole('region', { name: '流程部署' }).last()
    await deploy.getByRole('button', { name: '上传部署' }).click()
    await toast(page, '请选择流程分类')
    await deploy.getByRole('combobox').selectOption({ label: '实验室预约' })
    await deploy.getByLabel('流程文件').setInputFiles(file)
    await app.screenshot('deploy form')
    await deploy.getByRole('button', { name: '上传部署' }).click()
    await toast(page, '部署成功')

    // 流程定义: it is there, active; suspend, then activate
    await openTab(app, '/flow/manager', '流程定义')
    const definitions = page.getByRole('table', { name: '流程定义' })
    const trip = row(definitions, '外出调研审批')
    await trip.getByText('实验室预约').waitFor()
    await trip.getByText('激活', { exact: true }).waitFor()
    await trip.getByRole('button', { name: '挂起' }).click()
    await toast(page, '挂起成功')
    await trip.getByText('挂起', { exact: true }).waitFor()
    await app.screenshot('definitions with a suspended process')
    const startable = await pageApi(page, (api) =>
      api.api.call<{ records: { key: string }[] }>({
        method: 'GET',
        path: '/api/blade-flow/work/start-list',
        query: { current: 1, size: 100 },
      }),
    )
    expect(startable.records.map((r) => r.key)).not.toContain('fieldTrip')
    await trip.getByRole('button', { name: '激活' }).click()
    await toast(page, '激活成功')

    // 模型管理 holds the uploaded process as a model
    await openTab(app, '/flow/model', '模型管理')
    await row(page.getByRole('table', { name: '模型管理' }), 'fieldTrip')
      .getByText('外出调研审批')
      .waitFor()
    await app.screenshot('models')

    // a running instance, started from 发起事务 (the leave's first step goes to the department's head)
    await addUser(
      t.server.server.database.db,
      'head',
      '部门主任',
      ['deptLeader'],
      await rootDeptId(t.server.server.database),
    )
    await openTab(app, '/work/start', '发起事务')
    await row(page.getByRole('table', { name: '发起事务' }), '请假流程')
      .getByRole('button', { name: '发起' })
      .click()
    const form = page.getByRole('form', { name: '请假申请' })
    await fillDateTime(form, '开始时间', '2026-12-07 08:00')
    await fillDateTime(form, '结束时间', '2026-12-07 17:00')
    await expect.poll(() => form.getByLabel('请假天数').inputValue()).toBe('1')
    await form.getByLabel('请假理由').fill('参加学术会议')
    await form.getByRole('button', { name: '提交申请' }).click()
    await toast(page, '提交成功')
    await openTab(app, '/flow/leave', '请假流程')
    await row(page.getByRole('table', { name: '请假流程' }), '部门负责人审批')
      .getByText('审批中')
      .waitFor()
    await app.screenshot('my leave requests')

    // 流程跟踪: view its history, then delete it
    await openTab(app, '/flow/follow', '流程跟踪')
    const follow = page.getByRole('table', { name: '流程跟踪' })
    const running = row(follow, '请假流程')
    await running.getByText('部门负责人审批').waitFor()
    await app.screenshot('follow list')
    await running.getByRole('button', { name: '查看' }).click()
    await page.getByRole('region', { name: '请假信息' }).getByText('参加学术会议').waitFor()
    await page.getByRole('list', { name: '流转记录' }).getByText('发起流程').waitFor()
    await page.getByRole('img', { name: '流程图：开始 → 部门负责人审批' }).waitFor()
    await app.screenshot('instance detail with its diagram')
    await openTab(app, '/flow/follow', '流程跟踪')
    await running.getByRole('button', { name: '删除实例' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功')
    await follow.getByText('暂无运行中的流程').waitFor()
    await app.screenshot('follow list after delete')
    expect(app.pageErrors).toEqual([])
  })
})
