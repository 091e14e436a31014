import type { Locator, Page } from 'playwright'
import { toast } from './screens'

/** What the 统计报表 stories do on an SJ screen, by the screen's own buttons and messages. */

export const title = {
  sj1: '教学科研仪器设备表(SJ1)',
  sj2: '教学科研仪器设备增减变动情况表(SJ2)',
  sj3: '贵重仪器设备表(SJ3)',
  sj4: '教学实验项目表(SJ4)',
  sj5: '专任实验室人员表(SJ5)',
  sj6: '实验室基本情况表(SJ6)',
  sj7: '实验室经费情况表(SJ7)',
} as const

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A form control by its label (the accessible name starts with it; a required field adds a mark). */
export const labelled = (label: string) => new RegExp(`^${escape(label)}`)

/** 抽取数据 and its confirmation; waits for 抽取完成. */
export async function extract(page: Page) {
  await page.getByRole('button', { name: '抽取数据' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await toast(page, '抽取完成')
}

/** 校验; answers the drawer once it shows the result. */
export async function check(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '校验', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: '校验结果' })
  await drawer.getByLabel('校验汇总').waitFor()
  return drawer
}

export async function closeDrawer(drawer: Locator) {
  await drawer.getByRole('button', { name: '关闭' }).click()
  await drawer.waitFor({ state: 'detached' })
}

/** Saves the open form and waits for it to close. */
export async function save(page: Page, dialog: Locator, message: string) {
  await dialog.getByRole('button', { name: '保存' }).click()
  await toast(page, message)
  await dialog.waitFor({ state: 'detached' })
}

/** 提交 and 确认提交; waits for the scope bar's 待审核. */
export async function submit(page: Page, message = '已提交审核') {
  await page.getByRole('button', { name: '提交', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: '确认提交' }).click()
  await toast(page, message)
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('region', { name: '填报范围' }).getByText('待审核').waitFor()
}

/** 导入 of a file through the screen's dialog: 预检 without blocking findings, then 确认导入. */
export async function importFile(page: Page, file: string, rows: number) {
  await page.getByRole('button', { name: '导入', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('选择导入文件').setInputFiles(file)
  await dialog.getByRole('button', { name: '预检' }).click()
  await dialog.getByRole('region', { name: '预检结果' }).getByText('阻止导入0处').waitFor()
  await dialog.getByRole('button', { name: '确认导入' }).click()
  await toast(page, `导入成功，共${rows}条`)
  await dialog.waitFor({ state: 'detached' })
}
