import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { openTab, toast as toastOf } from './screens'

const t = useLabApp('param-page')

/**
 * The generic resource page on its proof screen, 参数管理 (/system/param), against the real server:
 * list, search, validation on blur, add, edit, view, delete with confirmation, bulk delete guard.
 */
describe('参数管理 (generic resource page)', () => {
  it('lists, searches, adds, edits and deletes parameters', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    // The shell may still settle on 首页 right after sign-in: navigate until the tab is there.
    await openTab(app, '/system/param', '参数管理')
    const toast = (text: string) => toastOf(page, text)
    const screen = page.getByRole('region', { name: '参数管理' })
    const grid = screen.getByRole('grid', { name: '参数管理' })
    await grid.waitFor()
    await screen.getByText(/共 \d+ 条/).waitFor()
    await grid.getByRole('columnheader', { name: '操作' }).waitFor({ timeout: 5000 })
    await grid.getByRole('button', { name: '编辑' }).first().waitFor({ timeout: 5000 })
    await app.screenshot('param list')

    // bulk delete without a selection
    await screen.getByRole('toolbar').getByRole('button', { name: '删除' }).click()
    await toast('请选择至少一条数据')

    // add: validation on blur, then save
    await screen.getByRole('button', { name: '新增', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /参数名称/ }).focus()
    await dialog.getByRole('textbox', { name: /参数键名/ }).focus()
    await dialog.getByText('请输入参数名称').waitFor()
    await dialog.getByRole('textbox', { name: /参数名称/ }).fill('实验预约提前天数')
    await dialog.getByRole('textbox', { name: /参数键名/ }).fill('e2e.lab.appointDays')
    await dialog.getByRole('textbox', { name: /参数键值/ }).fill('7')
    await app.screenshot('add dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast('新增成功')
    await dialog.waitFor({ state: 'detached' })

    // search by key (LIKE)
    await screen.getByRole('search').getByRole('textbox', { name: '参数键名' }).fill('e2e.lab')
    await screen.getByRole('button', { name: '搜索', exact: true }).click()
    await expect.poll(() => grid.getByRole('row').count()).toBe(2)
    await grid.getByText('e2e.lab.appointDays').waitFor()
    await screen.getByText('共 1 条').waitFor()

    // a duplicate key is refused by the server; the form comes back enabled
    await screen.getByRole('button', { name: '新增', exact: true }).click()
    await dialog.getByRole('textbox', { name: /参数名称/ }).fill('重复')
    await dialog.getByRole('textbox', { name: /参数键名/ }).fill('e2e.lab.appointDays')
    await dialog.getByRole('textbox', { name: /参数键值/ }).fill('1')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast('参数键名已存在')
    await expect.poll(() => dialog.getByRole('button', { name: '保存' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: '取消' }).click()

    // edit
    await grid.getByRole('button', { name: '编辑' }).click()
    await expect.poll(() => dialog.getByRole('textbox', { name: /参数键值/ }).inputValue()).toBe('7')
    await dialog.getByRole('textbox', { name: /参数键值/ }).fill('14')
    await dialog.getByRole('button', { name: '保存' }).click()
    await toast('修改成功')
    await grid.getByText('14', { exact: true }).waitFor()

    // view
    await grid.getByRole('button', { name: '查看' }).click()
    await dialog.getByText('查看参数').waitFor()
    await dialog.getByText('14', { exact: true }).waitFor()
    await app.screenshot('view dialog')
    await dialog.getByRole('button', { name: '关闭' }).last().click()

    // delete with confirmation
    await grid.getByRole('button', { name: '删除' }).click()
    await page.getByText('确定将选择数据删除?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast('删除成功')
    await screen.getByText('暂无数据').waitFor()
    await app.screenshot('after delete')

    // 清空 shows every parameter again
    await screen.getByRole('search').getByRole('button', { name: '清空' }).click()
    await expect.poll(async () => (await grid.getByRole('row').count()) > 1).toBe(true)
    expect(app.pageErrors).toEqual([])
  })
})
