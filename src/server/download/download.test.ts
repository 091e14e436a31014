import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { xlsxStream } from '../core/xlsx-stream'
import { registerProducer } from './producers'
import { downloadRunnerOf, requeueStale } from './runner'
import { queueDownload } from './tasks'
import { Data } from '../core/data'
import type { AuthUser } from '../core/context'
import { bizDownloadTask } from '../db/schema/download'
import { eq, sql } from 'drizzle-orm'

process.env.LAB_DOWNLOAD_POLL_MS = 'off'

const B = '/api/biz-download/bizdownloadtask'
const EXPORT = '/api/assets/equipment/page-export'

let t: TestServer
let staff: string
let teacher: string
let gate: { open: () => void; wait: Promise<void> }
const newGate = () => {
  let open = () => {}
  const wait = new Promise<void>((r) => (open = r))
  return { open, wait }
}

// A producer that writes 50 rows once the test opens its gate (so a task can be seen running).
registerProducer('test.gated', {
  fileExt: 'xlsx',
  run({ progress }) {
    async function* pages() {
      await progress(0, 50)
      await gate.wait
      yield Array.from({ length: 50 }, (_, i) => [i + 1, `行${i + 1}`])
      await progress(50, 50)
    }
    return xlsxStream({ sheetName: '测试', headers: ['序号', '名称'], pages: pages() })
  },
})
registerProducer('test.broken', {
  fileExt: 'xlsx',
  run() {
    async function* pages(): AsyncGenerator<(string | number)[][]> {
      yield [[1, '行1']]
      throw new Error('disk on fire')
    }
    return xlsxStream({ sheetName: '测试', headers: ['序号', '名称'], pages: pages() })
  },
})

const runner = () => downloadRunnerOf(t.app)!
const taskOf = async (token: string, bizId: string) =>
  (await t.api(token).get(`${B}/detailByUser`, { bizId })).body.data

beforeAll(async () => {
  t = await startTestServer()
  const s = await createUser(t.database, { account: 'dl-staff', roleAlias: 'staff' })
  staff = await t.login(s.account, s.password)
  const te = await createUser(t.database, { account: 'dl-teacher', roleAlias: 'teacher' })
  teacher = await t.login(te.account, te.password)
})
afterAll(async () => t?.close())

/** The staff member's identity as the token carries it, for queueing a test producer directly. */
async function staffData(): Promise<Data> {
  const info = await t.api(staff).get('/api/blade-user/info')
  const u = info.body.data
  const me: AuthUser = {
    userId: String(u.id),
    tenantId: '000000',
    account: 'dl-staff',
    userName: 'dl-staff',
    realName: 'dl-staff',
    roleIds: String(u.roleId).split(','),
    roleAliases: ['staff'],
    deptIds: String(u.deptId).split(','),
    postIds: [],
    clientId: 'saber',
    sessionId: 'test',
  }
  return new Data({ db: t.app.db, tenantId: '000000', user: me })
}

describe('下载中心', () => {
  it('an asynchronous export is queued, made and downloaded only by its owner', async () => {
    const queued = await t.api(staff).get(EXPORT, { asyncTask: true })
    expect(queued.status, JSON.stringify(queued.body)).toBe(200)
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
    expect(queued.body.data.status).toBe(0)
    const id = queued.body.data.id as string
    expect((await taskOf(staff, 'assets:equipment:xlsx')).statusName).toBe('排队中')

    const early = await t.api(staff).get(`${B}/download/${id}`)
    expect(early.body.msg).toBe('文件尚未生成')

    await runner().runQueued()
    const done = await taskOf(staff, 'assets:equipment:xlsx')
    expect(done).toMatchObject({
      id,
      status: 2,
      statusName: '已完成',
      progress: 100,
      fileName: '仪器设备.xlsx',
    })
    expect(done.expireTime).toBeTruthy()

    const file = await t.api(staff).get(`${B}/download/${id}`)
    expect(file.status).toBe(200)
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''%E4%BB%AA")
    expect(file.body.slice(0, 2)).toBe('PK')
    expect((await t.api(staff).get(`${B}/detail`, { id })).body.data.downloadCount).toBe(1)

    const stranger = await t.api(teacher).get(`${B}/download/${id}`)
    expect(stranger.status).toBe(400)
    expect(stranger.body.msg).toBe('数据不存在或无权访问')
    expect((await t.api(teacher).get(`${B}/page`)).body.data.total).toBe(0)
    expect((await t.api(teacher).post(`${B}/remove`, { query: { ids: id } })).body.msg).toBe(
      '数据不存在或无权访问',
    )
    const adminView = await t.api(await t.login()).get(`${B}/page`)
    expect(adminView.body.data.records.map((r: { id: string }) => r.id)).toContain(id)
    expect(adminView.body.data.records[0]).not.toHaveProperty('caller')
  })

  it('a fourth running export is refused; removing a running task cancels it', async () => {
    gate = newGate()
    const data = await staffData()
    const request = (n: number) => ({
      bizType: 'test',
      bizId: `test:gated:${n}`,
      taskName: `测试导出${n}`,
      producer: 'test.gated',
      params: {},
      fileName: `测试${n}`,
    })
    // The equipment task of the first test is done, so three more fit.
    const ids = [] as string[]
    for (const n of [1, 2, 3]) ids.push((await queueDownload(data, request(n))).id)
    const fourth = await t.api(staff).get(EXPORT, { asyncTask: true })
    expect(fourth.status).toBe(400)
    expect(fourth.body.msg).toBe('您已有3个导出任务正在进行，请稍后再试')

    const running = runner().runQueued()
    for (let i = 0; i < 200 && (await taskOf(staff, 'test:gated:1')).status !== 1; i++)
      await new Promise((r) => setTimeout(r, 20))
    expect((await taskOf(staff, 'test:gated:1')).statusName).toBe('生成中')
    expect((await t.api(staff).post(`${B}/remove`, { query: { ids: ids[0] } })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 1100)) // the next progress report (at most one a second) sees it
    gate.open()
    await running
    const rows = await t.app.db.select().from(bizDownloadTask).where(eq(bizDownloadTask.id, ids[0]))
    expect(rows[0]).toMatchObject({ status: 5, isDeleted: 1, objectName: null })
    expect((await taskOf(staff, 'test:gated:2')).statusName).toBe('已完成')
    expect((await taskOf(staff, 'test:gated:3')).statusName).toBe('已完成')
  })

  it('a task left running by a crashed process is taken up again; a failing one says why', async () => {
    gate = newGate()
    gate.open()
    const data = await staffData()
    const { id } = await queueDownload(data, {
      bizType: 'test',
      bizId: 'test:crash',
      taskName: '中断的导出',
      producer: 'test.gated',
      params: {},
      fileName: '中断',
    })
    // What a process that died mid-job leaves behind: running, last progress long ago.
    await t.app.db.execute(
      sql`update biz_download_task set status = 1, attempts = 1, heartbeat = now() - interval '1 hour' where id = ${id}`,
    )
    await runner().runQueued()
    expect((await taskOf(staff, 'test:crash')).status).toBe(1)
    await requeueStale(t.app.db, 60)
    await runner().runQueued()
    expect((await taskOf(staff, 'test:crash')).statusName).toBe('已完成')

    await queueDownload(data, {
      bizType: 'test',
      bizId: 'test:broken',
      taskName: '失败的导出',
      producer: 'test.broken',
      params: {},
      fileName: '失败',
    })
    await runner().runQueued()
    expect(await taskOf(staff, 'test:broken')).toMatchObject({ statusName: '失败', errorMsg: '导出失败' })
  })

  it('a direct export of more than 100,000 rows is refused and writes nothing; 下载中心 takes it', async () => {
    await t.database.exec(`
      insert into assets_equipment (id, tenant_id, equipment_no, equipment_name, class_code, price,
        purchase_date, source, country_code, status_code, use_direction)
      select 890000000000 + g, '000000', 'L' || lpad(g::text, 7, '0'), '万用表', '03040501', 100,
             date '2024-03-01', 1, '156', 1, 1
      from generate_series(1, 100001) g`)
    const admin = await t.login()
    const before = (await t.api(admin).get(`${B}/page`)).body.data.total
    const direct = await t.api(admin).get(EXPORT)
    expect(direct.status).toBe(400)
    expect(direct.body.msg).toBe('数据超过100000行，请通过下载中心导出')
    expect((await t.api(admin).get(`${B}/page`)).body.data.total).toBe(before)
    const queued = await t.api(admin).get(EXPORT, { asyncTask: true })
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
  })
})
