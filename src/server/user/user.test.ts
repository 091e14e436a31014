import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import * as XLSX from 'xlsx'
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../../../tests/support/server'
import { createTenant, createUser, roleId, rootDeptId } from '../../../tests/support/fixtures'
import { md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { tenant, user } from '../db/schema'

let t: TestServer
let admin: string
beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
})
afterAll(() => t?.close())

const OK = { code: 200, success: true, data: {}, msg: '操作成功' }
const countUsers = async () => (await t.database.db.select().from(user)).length
/** What the 新增 form requires (登录账号, 用户姓名, 所属角色, 所属部门) for a new teacher. */
const newUserForm = async (account: string, tenantId = '000000') => ({
  account,
  password: md5Hex(`${account}-Pass-1`),
  realName: account,
  roleId: await roleId(t.database, 'teacher', tenantId),
  deptId: await rootDeptId(t.database, tenantId),
})
const byAccount = async (account: string, tenantId = '000000') =>
  (await t.api(admin).get('/api/blade-user/page', { account_equal: account, tenantId })).body.data.records[0]

describe('user CRUD', () => {
  it('page: the same order and totals whether few, some or many users match (three query plans)', async () => {
    // 2,100 users (more than the filter-first limit), ids ascending with a shared creation time.
    await t.database.exec(`
      insert into blade_user (id, tenant_id, account, password, real_name, create_time, update_time)
      select 800000000000000000 + g, '000000', 'bulk' || g, 'x', '批量' || g,
             timestamp '2026-01-01' + (g % 7) * interval '1 hour', now()
      from generate_series(1, 2100) g`)
    const expected = (filter: (g: number) => boolean) =>
      Array.from({ length: 2100 }, (_, i) => i + 1)
        .filter(filter)
        .sort((a, b) => (b % 7) - (a % 7) || b - a)
        .map((g) => `bulk${g}`)
    for (const [account, filter] of [
      ['bulk', () => true],
      ['bulk1', (g: number) => String(g).startsWith('1')],
      ['bulk11', (g: number) => String(g).startsWith('11')],
    ] as const) {
      const res = await t.api(admin).get('/api/blade-user/page', { account, current: 3, size: 20 })
      const all = expected(filter)
      expect(res.body.data.total).toBe(all.length)
      expect(res.body.data.records.map((r: { account: string }) => r.account)).toEqual(all.slice(40, 60))
      const asc = await t.api(admin).get('/api/blade-user/page', { account, ascs: 'account', size: 5 })
      expect(asc.body.data.records.map((r: { account: string }) => r.account)).toEqual(
        [...all].sort().slice(0, 5),
      )
      // A page past the end still says how many match.
      const past = await t.api(admin).get('/api/blade-user/page', { account, current: 500, size: 20 })
      expect(past.body.data).toMatchObject({ total: all.length, records: [] })
    }
    const none = await t.api(admin).get('/api/blade-user/page', { account: 'bulk-none', current: 2 })
    expect(none.body.data).toMatchObject({ total: 0, records: [] })
    await t.database.exec(`delete from blade_user where account like 'bulk%'`)
  })

  it('page: BladeX page shape, no passwords, names joined, filters', async () => {
    await createUser(t.database, { account: 'pagetest', roleAlias: 'teacher' })
    const res = await t.api(admin).get('/api/blade-user/page', { current: 1, size: 10 })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total'])
    expect(res.body.data.current).toBe(1)
    for (const r of res.body.data.records) expect(r).not.toHaveProperty('password')
    const found = await t.api(admin).get('/api/blade-user/page', { account: 'pagete' })
    expect(found.body.data.records.map((r: { account: string }) => r.account)).toEqual(['pagetest'])
    expect(found.body.data.records[0]).toMatchObject({
      roleName: '教师',
      deptName: '管理组',
      statusName: '正常',
    })
    const byRole = await t
      .api(admin)
      .get('/api/blade-user/page', { roleId: await roleId(t.database, 'teacher'), size: 100 })
    expect(byRole.body.data.records.every((r: { roleName: string }) => r.roleName === '教师')).toBe(true)
    const byDept = await t
      .api(admin)
      .get('/api/blade-user/page', { deptId: await rootDeptId(t.database), size: 100 })
    expect(byDept.body.data.total).toBeGreaterThanOrEqual(2)
    const byPassword = await t.api(admin).get('/api/blade-user/page', { password_likeright: 'a' })
    expect(byPassword.status).toBe(400)
    expect(byPassword.body.msg).toBe('不能按密码或密钥查询')
  })

  it('submit inserts (password hashed), update changes fields but not the password, detail reads it', async () => {
    const teacherRole = await roleId(t.database, 'teacher')
    const res = await t.api(admin).post('/api/blade-user/submit', {
      body: {
        account: 'newbie',
        password: md5Hex('Newbie-1'),
        realName: '新人',
        name: '新人',
        roleId: teacherRole,
        deptId: await rootDeptId(t.database),
        phone: '13800138000',
      },
    })
    expect(res.body).toEqual(OK)
    const row = await byAccount('newbie')
    expect(row).toMatchObject({ realName: '新人', phone: '13800138000', roleId: teacherRole })
    expect((await t.login('newbie', 'Newbie-1')).length).toBeGreaterThan(20)

    const dup = await t.api(admin).post('/api/blade-user/submit', {
      body: { ...(await newUserForm('newbie')), password: md5Hex('x') },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('当前用户 [newbie] 已存在!')

    const upd = await t
      .api(admin)
      .post('/api/blade-user/update', { body: { id: row.id, realName: '老人', password: md5Hex('hacked') } })
    expect(upd.body).toEqual(OK)
    const detail = await t.api(admin).get('/api/blade-user/detail', { id: row.id })
    expect(detail.body.data).toMatchObject({ realName: '老人', account: 'newbie' })
    expect(detail.body.data).not.toHaveProperty('password')
    expect((await t.login('newbie', 'Newbie-1')).length).toBeGreaterThan(20)
  })

  it('submit refuses a new user without a role (they could never sign in), or without a department', async () => {
    const before = await countUsers()
    const { roleId: _role, ...noRole } = await newUserForm('roleless')
    const refused = await t.api(admin).post('/api/blade-user/submit', { body: { ...noRole, roleId: '' } })
    expect([refused.status, refused.body.success, refused.body.msg]).toEqual([400, false, '请选择所属角色'])
    const { deptId: _dept, ...noDept } = await newUserForm('deptless')
    const noDeptRes = await t.api(admin).post('/api/blade-user/submit', { body: noDept })
    expect([noDeptRes.status, noDeptRes.body.msg]).toEqual([400, '请选择所属部门'])
    expect(await countUsers()).toBe(before)
    expect(await byAccount('roleless')).toBeUndefined()
  })

  it('page by department takes its subtree; list answers the same page; a birthday edits back as answered', async () => {
    const api = t.api(admin)
    const root = await rootDeptId(t.database)
    const saved = await api.post('/api/blade-system/dept/submit', {
      body: { parentId: root, deptName: '子树测试部', deptCategory: 5, sort: 1 },
    })
    const child = String(saved.body.data.id)
    const form = await newUserForm('subtree_member')
    expect(
      (await api.post('/api/blade-user/submit', { body: { ...form, deptId: child, birthday: '2001-02-03' } }))
        .body,
    ).toEqual(OK)
    const accounts = async (query: Record<string, string>) =>
      (
        (await api.get('/api/blade-user/page', { size: 100, ...query })).body.data.records as {
          account: string
        }[]
      ).map((r) => r.account)
    expect(await accounts({ deptId: child })).toEqual(['subtree_member'])
    expect(await accounts({ deptId: root })).toEqual(expect.arrayContaining(['subtree_member', 'admin']))
    const listed = (await api.get('/api/blade-user/list', { deptId: child })).body.data
    expect(listed).toMatchObject({
      total: 1,
      records: [{ account: 'subtree_member', deptName: '子树测试部' }],
    })

    const detail = (await api.get('/api/blade-user/detail', { id: listed.records[0].id })).body.data
    expect(detail.birthday).toBe('2001-02-03 00:00:00')
    expect(
      (await api.post('/api/blade-user/update', { body: { ...detail, realName: '子树' } })).body,
    ).toEqual(OK)
    expect((await api.get('/api/blade-user/detail', { id: detail.id })).body.data).toMatchObject({
      realName: '子树',
      birthday: '2001-02-03 00:00:00',
    })
  })

  it('remove soft-deletes, ends the sessions, and refuses removing yourself', async () => {
    const victim = await createUser(t.database, { account: 'removeme', roleAlias: 'teacher' })
    const token = await t.login(victim.account, victim.password)
    expect((await t.api(admin).post('/api/blade-user/remove', { query: { ids: victim.id } })).body).toEqual(
      OK,
    )
    expect(await byAccount('removeme')).toBeUndefined()
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(401)
    const me = (await t.api(admin).get('/api/blade-user/info')).body.data
    const self = await t.api(admin).post('/api/blade-user/remove', { query: { ids: me.id } })
    expect(self.status).toBe(400)
    expect(self.body.msg).toBe('不能删除当前登录用户')
  })

  it('info returns the caller; grant sets roles; reset-password uses account.initPassword', async () => {
    const info = await t.api(admin).get('/api/blade-user/info')
    expect(info.body.data).toMatchObject({ account: 'admin', roleName: '超级管理员' })
    const u = await createUser(t.database, { account: 'granted', roleAlias: 'student' })
    const staff = await roleId(t.database, 'staff')
    const teacher = await roleId(t.database, 'teacher')
    expect(
      (
        await t
          .api(admin)
          .post('/api/blade-user/grant', { query: { userIds: u.id, roleIds: `${staff},${teacher}` } })
      ).body,
    ).toEqual(OK)
    const tokens = await t.loginFull('granted', u.password)
    expect(tokens.role_name).toBe('staff,teacher')

    expect(
      (await t.api(admin).post('/api/blade-user/reset-password', { query: { userIds: u.id } })).body,
    ).toEqual(OK)
    const initPassword = (await readParam(t.database.db, PARAM_INIT_PASSWORD))!
    expect(initPassword).toHaveLength(10)
    await expect(t.login('granted', u.password)).rejects.toThrow()
    expect((await t.login('granted', initPassword)).length).toBeGreaterThan(20)
  })

  it('update-password checks the old password and the confirmation', async () => {
    const u = await createUser(t.database, { account: 'changer', roleAlias: 'student' })
    const token = await t.login(u.account, u.password)
    const call = (oldPassword: string, a: string, b: string) =>
      t.api(token).post('/api/blade-user/update-password', {
        query: { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(a), newPassword1: md5Hex(b) },
      })
    expect((await call(u.password, 'New-1', 'New-2')).body.msg).toBe('请输入正确的确认密码!')
    expect((await call('wrong', 'New-1', 'New-1')).body.msg).toBe('原密码不正确!')
    expect((await call(u.password, 'New-1', 'New-1')).body).toEqual(OK)
    expect((await t.login('changer', 'New-1')).length).toBeGreaterThan(20)
  })

  it('update-info changes the caller only, with the three phone messages', async () => {
    const u = await createUser(t.database, { account: 'profile', roleAlias: 'student' })
    const token = await t.login(u.account, u.password)
    const post = (body: unknown) => t.api(token).post('/api/blade-user/update-info', { body })
    expect((await post({ realName: '甲' })).body.msg).toBe('手机号不能为空')
    expect((await post({ phone: '1380013800' })).body.msg).toBe('手机号长度不是11位')
    expect((await post({ phone: '23800138000' })).body.msg).toBe('手机号格式不正确')
    expect((await post({ phone: '13800138001', email: 'bad' })).body.msg).toBe('邮箱格式不正确')
    expect(
      (
        await post({
          realName: '甲',
          name: '小甲',
          phone: '13800138001',
          email: 'a@b.cn',
          avatar: 'https://x/a.png',
          account: 'hijack',
          id: '1',
        })
      ).body,
    ).toEqual(OK)
    const me = (await t.api(token).get('/api/blade-user/info')).body.data
    expect(me).toMatchObject({
      realName: '甲',
      name: '小甲',
      phone: '13800138001',
      email: 'a@b.cn',
      avatar: 'https://x/a.png',
      account: 'profile',
    })
  })

  it('checkRepetition and checkRepetition2 tell whether an account is taken in the tenant', async () => {
    expect((await t.api(admin).get('/api/blade-user/checkRepetition', { account: 'admin' })).body.data).toBe(
      true,
    )
    expect(
      (await t.api(admin).get('/api/blade-user/checkRepetition', { account: 'free-name' })).body.data,
    ).toBe(false)
    const me = (await t.api(admin).get('/api/blade-user/info')).body.data
    expect(
      (await t.api(admin).get('/api/blade-user/checkRepetition', { account: 'admin', id: me.id })).body.data,
    ).toBe(false)
    expect(
      (await t.api().get('/api/blade-user/checkRepetition2', { account: 'admin', tenantId: '000000' })).body
        .data,
    ).toBe(true)
    expect((await t.api().get('/api/blade-user/checkRepetition2', { account: 'admin' })).body.msg).toBe(
      '请先输入租户ID',
    )
  })

  it('update-platform / platform-detail keep the platform extension; user-other / saveUserOther the extra info', async () => {
    const u = await createUser(t.database, { account: 'platform', roleAlias: 'teacher' })
    const ext = JSON.stringify({ wechat: 'abc' })
    expect(
      (
        await t
          .api(admin)
          .post('/api/blade-user/update-platform', { query: { userId: u.id, userType: 2, userExt: ext } })
      ).body,
    ).toEqual(OK)
    const detail = await t.api(admin).get('/api/blade-user/platform-detail', { id: u.id, userType: 2 })
    expect(detail.body.data).toMatchObject({ account: 'platform', userType: 2, userExt: ext })
    expect(
      (
        await t
          .api(admin)
          .post('/api/blade-user/update-platform', { query: { userId: u.id, userType: 2, userExt: '{bad' } })
      ).status,
    ).toBe(400)

    expect(
      (await t.api(admin).post('/api/blade-user/saveUserOther', { body: { userId: u.id, hobby: '篮球' } }))
        .body,
    ).toEqual(OK)
    const other = await t.api(admin).get('/api/blade-user/user-other', { userId: u.id })
    expect(other.body.data).toEqual({ userId: u.id, hobby: '篮球' })
  })

  it('enforces the tenant account limit on insert', async () => {
    const live = (
      await t.database.db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, '000000'), eq(user.isDeleted, 0)))
    ).length
    await t.database.db.update(tenant).set({ accountNumber: live }).where(eq(tenant.tenantId, '000000'))
    try {
      const res = await t.api(admin).post('/api/blade-user/submit', { body: await newUserForm('overflow') })
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('当前租户已到最大账号额度!')
      const guest = await t.api().post('/api/blade-user/register-guest', {
        query: { tenantId: '000000', account: 'overflow', password: md5Hex('x') },
      })
      expect(guest.body.msg).toBe('当前租户已到最大账号额度!')
    } finally {
      await t.database.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '000000'))
    }
    expect(
      (await t.api(admin).post('/api/blade-user/submit', { body: await newUserForm('overflow') })).status,
    ).toBe(200)
  })

  it('export-user answers an xlsx of the filtered users; import-user adds a batch all or nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-user/export-user',
      query: { account: 'admin' },
      headers: { 'blade-auth': `bearer ${admin}` },
    })
    expect(res.statusCode).toBe(200)
    const book = XLSX.read(res.rawPayload)
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]])
    expect(rows[0]).toMatchObject({ 登录账号: 'admin' })

    const before = await countUsers()
    const bad = await t.api(admin).post('/api/blade-user/import-user', {
      body: [{ account: 'imp1', realName: '导入1' }, { account: 'imp1' }],
    })
    expect(bad.status).toBe(400)
    const bad2 = await t
      .api(admin)
      .post('/api/blade-user/import-user', { body: [{ account: 'imp1' }, { account: 'x', phone: '123' }] })
    expect(bad2.body.msg).toBe('第 2 行: 手机号长度不是11位')
    expect(await countUsers()).toBe(before)
    const good = await t.api(admin).post('/api/blade-user/import-user', {
      body: [
        { account: 'imp1' },
        { account: 'imp2', password: md5Hex('Imp-2'), roleId: await roleId(t.database, 'teacher') },
      ],
    })
    expect(good.body.success).toBe(true)
    expect(await countUsers()).toBe(before + 2)
    expect((await t.login('imp2', 'Imp-2')).length).toBeGreaterThan(20)
  })
})

describe('guest registration', () => {
  it('registers a guest who cannot sign in until an administrator approves', async () => {
    const reg = await t.api().post('/api/blade-user/register-guest', {
      query: {
        tenantId: '000000',
        name: '访客甲',
        account: 'guest-a',
        password: md5Hex('Guest-1'),
        oauthId: '',
      },
    })
    expect(reg.status).toBe(200)
    expect(reg.body).toMatchObject({ code: 200, success: true })
    expect(reg.body.msg).toContain('审核')
    await expect(t.login('guest-a', 'Guest-1')).rejects.toThrow(/账号待管理员审核通过后方可登录/)
    const row = await byAccount('guest-a')
    expect(row).toMatchObject({ status: 0, roleName: '访客' })
    expect((await t.api(admin).post('/api/blade-user/audit-pass', { query: { ids: row.id } })).body).toEqual(
      OK,
    )
    const tokens = await t.loginFull('guest-a', 'Guest-1')
    expect(tokens.role_name).toBe('guest')
    const again = await t.api().post('/api/blade-user/register-guest', {
      query: { tenantId: '000000', account: 'guest-a', password: md5Hex('Guest-1') },
    })
    expect(again.status).toBe(400)
    expect(again.body.msg).toBe('当前用户 [guest-a] 已存在!')
    expect(
      (
        await t
          .api()
          .post('/api/blade-user/register-guest', { query: { account: 'x', password: md5Hex('y') } })
      ).body.msg,
    ).toBe('请先输入租户ID')
  })
})

describe('tenant isolation', () => {
  it("a second tenant's administrator cannot list, read, change or remove tenant 000000 users", async () => {
    const other = await createTenant(t.database, '200001')
    const token = await t.login(other.account, other.password, '200001')
    const target = await createUser(t.database, { account: 'protected', roleAlias: 'teacher' })
    const api = t.api(token)

    const page = await api.get('/api/blade-user/page', { size: 100, tenantId: '000000' })
    expect(page.body.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['200001'])
    expect((await api.get('/api/blade-user/detail', { id: target.id, tenantId: '000000' })).status).toBe(400)
    expect((await api.get('/api/blade-user/platform-detail', { id: target.id })).status).toBe(400)
    expect(
      (
        await api.post('/api/blade-user/update', {
          body: { id: target.id, realName: 'pwned', tenantId: '000000' },
        })
      ).status,
    ).toBe(400)
    expect((await api.post('/api/blade-user/remove', { query: { ids: target.id } })).status).toBe(400)
    expect((await api.post('/api/blade-user/reset-password', { query: { userIds: target.id } })).status).toBe(
      400,
    )
    expect(
      (
        await api.post('/api/blade-user/grant', {
          query: { userIds: target.id, roleIds: await roleId(t.database, 'administrator', '200001') },
        })
      ).status,
    ).toBe(400)
    expect((await api.post('/api/blade-user/unlock', { query: { userIds: target.id } })).status).toBe(400)
    expect(
      (await api.post('/api/blade-user/saveUserOther', { body: { userId: target.id, x: 1 } })).status,
    ).toBe(400)
    expect((await api.post('/api/blade-user/audit-pass', { query: { ids: target.id } })).status).toBe(400)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, target.id))
    expect(row).toMatchObject({ realName: 'protected', isDeleted: 0 })
    expect((await t.login('protected', target.password)).length).toBeGreaterThan(20)

    // submit with tenantId 000000 lands in the caller's own tenant
    await api.post('/api/blade-user/submit', {
      body: { ...(await newUserForm('planted', '200001')), tenantId: '000000' },
    })
    const planted = await t.database.db.select().from(user).where(eq(user.account, 'planted'))
    expect(planted.map((p) => p.tenantId)).toEqual(['200001'])

    // the platform administrator may name another tenant explicitly
    const platform = await t.api(admin).get('/api/blade-user/page', { tenantId: '200001', size: 100 })
    expect(platform.body.data.records.map((r: { account: string }) => r.account).sort()).toEqual([
      'admin',
      'planted',
    ])
  })
})

describe('bad input', () => {
  it('answers 400 with a Chinese msg, never 5xx, and changes nothing', async () => {
    const before = await countUsers()
    const [adminRow] = await t.database.db.select().from(user).where(eq(user.account, 'admin'))
    const calls: [string, 'get' | 'post', { query?: Record<string, string>; body?: unknown }][] = [
      ['/api/blade-user/detail', 'get', { query: {} }],
      ['/api/blade-user/detail', 'get', { query: { id: "1' or 1=1 --" } }],
      ['/api/blade-user/detail', 'get', { query: { id: '9'.repeat(40) } }],
      ['/api/blade-user/page', 'get', { query: { current: 'abc' } }],
      ['/api/blade-user/page', 'get', { query: { size: '-1' } }],
      ['/api/blade-user/page', 'get', { query: { deptId: 'x' } }],
      ['/api/blade-user/page', 'get', { query: { account: 'a'.repeat(600) } }],
      ['/api/blade-user/remove', 'post', { query: {} }],
      ['/api/blade-user/remove', 'post', { query: { ids: '1,abc' } }],
      ['/api/blade-user/submit', 'post', { body: {} }],
      ['/api/blade-user/submit', 'post', { body: { account: 'x'.repeat(100), password: md5Hex('x') } }],
      [
        '/api/blade-user/submit',
        'post',
        { body: { account: "a'; drop table blade_user; --", password: md5Hex('x') } },
      ],
      [
        '/api/blade-user/submit',
        'post',
        { body: { account: 'okname', password: md5Hex('x'), roleId: '1,2,x' } },
      ],
      [
        '/api/blade-user/submit',
        'post',
        { body: { account: 'okname', password: md5Hex('x'), roleId: '123' } },
      ],
      ['/api/blade-user/submit', 'post', { body: { account: 'okname', password: md5Hex('x'), sex: 'male' } }],
      [
        '/api/blade-user/submit',
        'post',
        { body: { account: 'okname', password: md5Hex('x'), birthday: 'yesterday' } },
      ],
      ['/api/blade-user/submit', 'post', { body: { account: ['a'], password: md5Hex('x') } }],
      ['/api/blade-user/submit', 'post', { body: [1, 2] }],
      ['/api/blade-user/update', 'post', { body: { realName: 'x' } }],
      ['/api/blade-user/update', 'post', { body: { id: '123', realName: 'x' } }],
      ['/api/blade-user/grant', 'post', { query: { userIds: adminRow.id } }],
      ['/api/blade-user/grant', 'post', { query: { userIds: adminRow.id, roleIds: '1' } }],
      ['/api/blade-user/reset-password', 'post', { query: {} }],
      ['/api/blade-user/update-password', 'post', { query: { oldPassword: 'x' } }],
      ['/api/blade-user/update-info', 'post', { body: { phone: 13800138000 } }],
      ['/api/blade-user/checkRepetition', 'get', { query: {} }],
      ['/api/blade-user/update-platform', 'post', { query: { userId: adminRow.id, userType: '9' } }],
      ['/api/blade-user/audit-pass', 'post', { query: { ids: adminRow.id } }],
      [
        '/api/blade-user/register-guest',
        'post',
        { query: { tenantId: '000000', account: 'g', password: 'plain' } },
      ],
      ['/api/blade-user/unlock', 'post', { query: {} }],
      ['/api/blade-user/import-user', 'post', { body: { nope: 1 } }],
    ]
    for (const [path, method, input] of calls) {
      const api = t.api(admin)
      const res = method === 'get' ? await api.get(path, input.query) : await api.post(path, input)
      expect(res.status, `${path} ${JSON.stringify(input)}`).toBe(400)
      expect(res.body.success, path).toBe(false)
      expect(res.body.msg, `${path} ${JSON.stringify(input)}`).toMatch(/[\u4e00-\u9fa5]/)
    }
    const bodyTooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/submit',
      headers: { 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"account":',
    })
    expect(bodyTooLarge.statusCode).toBe(400)
    expect(await countUsers()).toBe(before)
    const [after] = await t.database.db.select().from(user).where(eq(user.account, 'admin'))
    expect(after).toEqual(adminRow)
    expect((await t.login('admin', TEST_ADMIN_PASSWORD)).length).toBeGreaterThan(20)
  })
})
