import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { openRegion, row, toast } from './screens'

/**
 * 下载中心 across a server restart (issue 15 behaviour 5, "killing the server mid-job and starting it
 * again finishes the job"), through the UI. The first server runs no jobs (its poll is off), so the
 * task stays where the test puts it: running at 45 % with its last heartbeat an hour old — what a
 * process killed mid-job leaves in the table. The server is then stopped and started again on the
 * same database and address with its runner polling; the open 下载任务 screen, still refreshing,
 * shows the job finished by the new process, and 下载 saves the file.
 */
process.env.LAB_DOWNLOAD_POLL_MS = 'off'
const t = useLabApp('download-restart')

describe('下载中心 across a server restart', () => {
  it('a job left running by a killed server is finished by the restarted one; 下载 saves it', async () => {
    const db = t.server.server.database.db
    await db.execute(sql`insert into assets_equipment
      (id, tenant_id, equipment_no, equipment_name, class_code, price, purchase_date, source,
       country_code, status_code, use_direction)
      select 870000000000 + g, '000000', lpad(g::text, 8, '0'), '数字万用表' || g, '03040501', 300,
             date '2024-03-01', 1, '156', 1, 1
      from generate_series(1, 20001) g`)
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const equipment = await openRegion(app, '/assets/equipment', '仪器设备')
    await equipment.getByText('共 20001 条').waitFor()
    await equipment.getByRole('button', { name: '导出' }).click()
    await toast(page, '导出任务已提交，请到下载中心查看')

    const tasks = await openRegion(app, '/download/task', '下载任务')
    const task = row(tasks, '仪器设备导出').first()
    await task.getByText('排队中').waitFor()
    await db.execute(sql`update biz_download_task set status = 1, progress = 45, attempts = 1,
      start_time = now() - interval '1 hour', heartbeat = now() - interval '1 hour'
      where task_name = '仪器设备导出'`)
    await task.getByText('生成中').waitFor()
    await task.getByText('45%').waitFor()
    await app.screenshot('download-killed-mid-job')

    delete process.env.LAB_DOWNLOAD_POLL_MS
    await t.server.restart!()
    await task.getByText('已完成').waitFor({ timeout: 120_000 })
    await app.screenshot('download-done-after-restart')
    const rows = await t.server.server.database.db.execute(
      sql`select attempts from biz_download_task where task_name = '仪器设备导出'`,
    )
    // The second try was the restarted server's.
    expect(Number((rows as unknown as { rows: { attempts: number }[] }).rows[0].attempts)).toBe(2)

    const target = join(mkdtempSync(join(tmpdir(), 'lab-download-restart-')), '仪器设备.xlsx')
    app.host.dialog.savePaths.push(target)
    await task.getByRole('button', { name: '下载' }).click()
    await expect.poll(() => readFileSync(target).subarray(0, 2).toString(), { timeout: 30_000 }).toBe('PK')
  })
})
