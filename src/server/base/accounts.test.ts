import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { param, role, tenant, user } from '../db/schema'
import { addColleges } from './testing'

let t: TestServer
let api: Api
let initPassword: string

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['01', '计算机学院']])
  const rows = await t.database.db.select().from(param).where(eq(param.paramKey, 'account.initPassword'))
  initPassword = String(rows[0].paramValue)
})
afterAll(() => t?.close())

const idOf = async (path: string, query: Record<string, string>) =>
  (await api.get(`/api/basedata/${path}/page`, query)).body.data.records[0].id as string

const usersWithAccount = (account: string) =>
  t.database.db
    .select()
    .from(user)
    .where(and(eq(user.account, account), eq(user.tenantId, '000000'), eq(user.isDeleted, 0)))

describe('teacher accounts', () => {
  it('creates teacher users that can sign in with the initial password, linking the teacher row', async () => {
    await api.post('/api/basedata/systeacher/importData', {
      body: [
        { teacherNo: 'A001', teacherName: '张老师', deptSerial: '01', phone: '13800000001' },
        { teacherNo: 'A002', teacherName: '李老师', deptSerial: '01' },
      ],
    })
    const ids = [
      await idOf('systeacher', { teacherNo: 'A001' }),
      await idOf('systeacher', { teacherNo: 'A002' }),
    ]
    const res = await api.post('/api/basedata/systeacher/toUser', { query: { ids: ids.join(',') } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ created: 2, linked: 0, unchanged: 0 })

    const [created] = await usersWithAccount('A001')
    const [teacherRole] = await t.database.db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher')))
    expect(created.roleId).toBe(teacherRole.id)
    expect(created.realName).toBe('张老师')
    expect(created.phone).toBe('13800000001')
    expect(created.password.startsWith('$argon2')).toBe(true)
    const detail = await api.get('/api/basedata/systeacher/detail', { id: ids[0] })
    expect(detail.body.data.userId).toBe(created.id)

    const token = await t.login('A001', initPassword)
    expect(token).toBeTruthy()
    const info = await t.api(token).get('/api/blade-auth/oauth/user-info')
    expect(info.status).toBe(200)

    // Again: nothing new, nothing duplicated.
    const again = await api.post('/api/basedata/systeacher/toUser', { body: { ids } })
    expect(again.body.data).toEqual({ created: 0, linked: 0, unchanged: 2 })
    expect(await usersWithAccount('A001')).toHaveLength(1)
  })

  it('refuses unknown or malformed ids and changes nothing', async () => {
    const before = (await t.database.db.select().from(user)).length
    const unknown = await api.post('/api/basedata/systeacher/toUser', { query: { ids: '123,456' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.msg).toBe('部分教师不存在或无权操作')
    const bad = await api.post('/api/basedata/systeacher/toUser', { query: { ids: 'abc' } })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('ids 格式不正确')
    const none = await api.post('/api/basedata/systeacher/toUser')
    expect(none.status).toBe(400)
    expect(none.body.msg).toBe('请选择至少一条数据')
    expect((await t.database.db.select().from(user)).length).toBe(before)
  })

  it('syncs every teacher and student to users, linking existing accounts', async () => {
    await api.post('/api/basedata/class/submit', {
      body: { classNo: 'C1', className: '一班', deptSerial: '01' },
    })
    await api.post('/api/basedata/student/importData', {
      body: [
        { studentNo: 'S001', studentName: '王同学', deptSerial: '01', classNo: 'C1' },
        { studentNo: 'S002', studentName: '赵同学', deptSerial: '01', classNo: 'C1' },
      ],
    })
    await api.post('/api/basedata/systeacher/submit', {
      body: { teacherNo: 'A003', teacherName: '周老师', deptSerial: '01' },
    })
    const res = await api.post('/api/basedata/task/syncToUser')
    expect(res.status).toBe(200)
    expect(res.body.data.teacher).toEqual({ created: 1, linked: 0, unchanged: 2 })
    expect(res.body.data.student).toEqual({ created: 2, linked: 0, unchanged: 0 })
    const student = await idOf('student', { studentNo: 'S001' })
    const detail = await api.get('/api/basedata/student/detail', { id: student })
    const [account] = await usersWithAccount('S001')
    expect(detail.body.data.userId).toBe(account.id)
    expect(await t.login('S002', initPassword)).toBeTruthy()
    const again = await api.post('/api/basedata/task/syncToUser')
    expect(again.body.data.student).toEqual({ created: 0, linked: 0, unchanged: 2 })
  })

  it('keeps to the tenant account limit (the one check of every account path): a batch over it creates nothing', async () => {
    await api.post('/api/basedata/systeacher/importData', {
      body: [
        { teacherNo: 'L001', teacherName: '钱老师', deptSerial: '01' },
        { teacherNo: 'L002', teacherName: '孙老师', deptSerial: '01' },
      ],
    })
    const ids = [
      await idOf('systeacher', { teacherNo: 'L001' }),
      await idOf('systeacher', { teacherNo: 'L002' }),
    ]
    const live = (
      await t.database.db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, '000000'), eq(user.isDeleted, 0)))
    ).length
    await t.database.db
      .update(tenant)
      .set({ accountNumber: live + 1 })
      .where(eq(tenant.tenantId, '000000'))
    try {
      const refused = await api.post('/api/basedata/systeacher/toUser', { query: { ids: ids.join(',') } })
      expect(refused.status).toBe(400)
      expect(refused.body.msg).toBe(`账号数量超出租户上限（${live + 1}），无法再生成2个账号`)
      expect(await usersWithAccount('L001')).toHaveLength(0)
      const one = await api.post('/api/basedata/systeacher/toUser', { query: { ids: ids[0] } })
      expect(one.body.data).toEqual({ created: 1, linked: 0, unchanged: 0 })
      const full = await api.post('/api/basedata/systeacher/toUser', { query: { ids: ids[1] } })
      expect(full.status).toBe(400)
      expect(full.body.msg).toBe('当前租户已到最大账号额度!')
    } finally {
      await t.database.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '000000'))
    }
  })
})
