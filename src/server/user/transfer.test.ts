import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import * as XLSX from 'xlsx'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, createUser, roleId, rootDeptId } from '../../../tests/support/fixtures'
import { md5Hex } from '../auth/passwords'
import { nextId } from '../core/ids'
import { downloadRunnerOf } from '../download/runner'
import { dept, user } from '../db/schema'

let t: TestServer
let admin: string
beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
})
afterAll(() => t?.close())

type Sheet = Record<string, string>[]
const countUsers = async () => (await t.database.db.select().from(user)).length

/** export-user of the users matching `account`, as the sheet's rows keyed by header. */
async function exported(account: string): Promise<Sheet> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/blade-user/export-user',
    query: { account },
    headers: { 'blade-auth': `bearer ${admin}` },
  })
  expect(res.statusCode).toBe(200)
  const book = XLSX.read(res.rawPayload)
  return XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false })
}

/** The sheet rows as the user screen's import sends them (headers mapped to wire names). */
const asImport = (rows: Sheet) =>
  rows.map((r) => ({
    account: r['登录账号'],
    realName: r['用户姓名'],
    roleName: r['所属角色'],
    deptName: r['所属部门'],
    postName: r['所属岗位'],
    password: md5Hex('Round-Trip-1'),
  }))

describe('user import by names', () => {
  it('export then import round-trips roles and depts by name, within the tenant', async () => {
    const physics = nextId()
    await t.database.db.insert(dept).values({
      id: physics,
      tenantId: '000000',
      parentId: await rootDeptId(t.database),
      deptName: '物理系',
      fullName: '物理系',
      deptCategory: 1,
    })
    const source = await createUser(t.database, { account: 'rt_src', roleAlias: 'teacher', deptId: physics })
    await t.database.db
      .update(user)
      .set({ roleId: `${await roleId(t.database, 'teacher')},${await roleId(t.database, 'student')}` })
      .where(eq(user.id, source.id))

    const sheet = await exported('rt_src')
    expect(sheet[0]).toMatchObject({ 登录账号: 'rt_src', 所属部门: '物理系' })
    expect(sheet[0]['所属角色'].split(',').sort()).toEqual(['学生', '教师'].sort())
    // asked with asyncTask (the screen does so past 20,000 users), 下载中心 makes the same sheet
    const queued = await t
      .api(admin)
      .get('/api/blade-user/export-user', { account: 'rt_src', asyncTask: true })
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
    await downloadRunnerOf(t.app)!.runQueued()
    const made = await t.app.inject({
      method: 'GET',
      url: `/api/biz-download/bizdownloadtask/download/${queued.body.data.id}`,
      headers: { 'blade-auth': `bearer ${admin}` },
    })
    expect(made.statusCode).toBe(200)
    const book = XLSX.read(made.rawPayload)
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { raw: false })).toEqual(sheet)

    const res = await t.api(admin).post('/api/blade-user/import-user', {
      body: asImport(sheet.map((r) => ({ ...r, 登录账号: 'rt_copy' }))),
    })
    expect(res.body).toMatchObject({ success: true })
    const [copy] = await t.database.db.select().from(user).where(eq(user.account, 'rt_copy'))
    const [orig] = await t.database.db.select().from(user).where(eq(user.id, source.id))
    expect(copy.deptId).toBe(orig.deptId)
    expect(copy.roleId!.split(',').sort()).toEqual(orig.roleId!.split(',').sort())
    expect((await t.login('rt_copy', 'Round-Trip-1')).length).toBeGreaterThan(20)
  })

  it('refuses an unknown or foreign name with the row number, importing nothing', async () => {
    const other = await createTenant(t.database, '654321')
    const otherDept = await rootDeptId(t.database, other.tenantId)
    const before = await countUsers()
    const rows = [
      { account: 'nm_ok', realName: '甲', roleName: '教师', deptName: '管理组', password: md5Hex('x') },
      {
        account: 'nm_bad',
        realName: '乙',
        roleName: '教师',
        deptName: '不存在的部门',
        password: md5Hex('x'),
      },
    ]
    const unknown = await t.api(admin).post('/api/blade-user/import-user', { body: rows })
    expect(unknown.status).toBe(400)
    expect(unknown.body.msg).toBe('第 2 行: 部门「不存在的部门」不存在')

    const foreign = await t.api(admin).post('/api/blade-user/import-user', {
      body: [{ ...rows[0], deptName: undefined, deptId: otherDept }],
    })
    expect(foreign.body.msg).toBe(`第 1 行: 部门「${otherDept}」不存在`)

    const badRole = await t.api(admin).post('/api/blade-user/import-user', {
      body: [{ ...rows[0], roleName: '教师、校长' }],
    })
    expect(badRole.body.msg).toBe('第 1 行: 角色「校长」不存在')
    expect(await countUsers()).toBe(before)
  })
})
