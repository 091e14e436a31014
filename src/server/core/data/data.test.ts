import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../tests/support/server'
import { jsonFields } from '../../db/json-reads'
import { assetsEquipment, post } from '../../db/schema'
import type { AuthUser } from '../context'
import { BizError, ForbiddenError } from '../errors'
import { Data } from './data'

let t: TestServer

const user = (tenantId: string, userId: string): AuthUser => ({
  userId,
  tenantId,
  account: `u${userId}`,
  userName: `u${userId}`,
  realName: `用户${userId}`,
  roleIds: [],
  roleAliases: [],
  deptIds: ['9001'],
  postIds: [],
  clientId: 'test',
  sessionId: 's',
})

const dataFor = (tenantId: string, userId: string, onlyOwn = false) =>
  new Data({
    db: t.database.db,
    tenantId,
    user: user(tenantId, userId),
    rowScope: async (_key, columns) => (onlyOwn ? eq(columns.createUser, userId) : undefined),
  })

const posts = (data: Data) => data.repo(post, { name: 'post', permission: 'post' })
const newPost = (code: string) => ({ category: 1, postCode: code, postName: `岗位${code}`, sort: 1 })

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

describe('the tenant-scoped data layer', () => {
  it('writes the tenant and audit columns itself and reads only its own tenant', async () => {
    const a = dataFor('100001', '11')
    const b = dataFor('100002', '21')
    const [id] = await posts(a).insert({ ...newPost('A1'), tenantId: '999999', createUser: '666' } as never)
    const row = await posts(a).need(id)
    expect(row).toMatchObject({ tenantId: '100001', createUser: '11', createDept: '9001', isDeleted: 0 })
    expect(await posts(b).get(id)).toBeNull()
    const [forCollege] = await posts(a).insert(newPost('A2'), { createDept: '9002' })
    expect((await posts(a).need(forCollege)).createDept).toBe('9002')
    expect(await posts(b).update(id, { postName: '改名' })).toBe(0)
    await expect(posts(b).remove([id])).rejects.toThrow('部分数据不存在或无权删除')
    expect((await posts(a).need(id)).postName).toBe('岗位A1')
  })

  it('pages with BladeX filters and counts past the last page', async () => {
    const a = dataFor('100003', '31')
    await posts(a).insert(['P1', 'P2', 'P3', 'Q1'].map(newPost))
    const first = await posts(a).page({ current: 1, size: 2, postCode: 'P', ascs: 'postCode' })
    expect(first).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 })
    expect(first.records.map((r) => r.postCode)).toEqual(['P1', 'P2'])
    const last = await posts(a).page({ current: 2, size: 2, postCode: 'P', ascs: 'postCode' })
    expect(last.records.map((r) => r.postCode)).toEqual(['P3'])
    expect(last.total).toBe(3)
    const beyond = await posts(a).page({ current: 5, size: 2, postCode: 'P' })
    expect(beyond).toMatchObject({ records: [], total: 3 })
    expect(await posts(a).page({ current: 1, size: 10, postCode: 'Z' })).toMatchObject({ total: 0, pages: 0 })
  })

  it('removes softly, all or nothing, and forgets removed rows', async () => {
    const a = dataFor('100004', '41')
    const ids = await posts(a).insert(['R1', 'R2'].map(newPost))
    await expect(posts(a).remove([ids[0], '123456789'])).rejects.toBeInstanceOf(BizError)
    expect(await posts(a).count()).toBe(2)
    await posts(a).remove(ids)
    expect(await posts(a).count()).toBe(0)
    const [raw] = await t.database.db.select().from(post).where(eq(post.id, ids[0]))
    expect(raw.isDeleted).toBe(1)
  })

  it("applies the caller's data scope to reads and writes", async () => {
    const mine = dataFor('100005', '51', true)
    const theirs = dataFor('100005', '52', true)
    const [own] = await posts(mine).insert(newPost('S1'))
    const [other] = await posts(theirs).insert(newPost('S2'))
    expect((await posts(mine).list()).map((r) => r.postCode)).toEqual(['S1'])
    expect(await posts(mine).update(other, { postName: 'x' })).toBe(0)
    expect(await posts(mine).update(own, { postName: '我的' })).toBe(1)
    // Without a scope key the repo sees the whole tenant (uniqueness checks, statistics).
    expect(await mine.repo(post).count()).toBe(2)
  })

  it('rolls a transaction back whole', async () => {
    const a = dataFor('100006', '61')
    await expect(
      a.transaction(async (tx) => {
        await posts(tx).insert(newPost('T1'))
        expect(await posts(tx).count()).toBe(1)
        throw new BizError('停止')
      }),
    ).rejects.toThrow('停止')
    expect(await posts(a).count()).toBe(0)
  })

  it('keeps a statement text per tenant: each tenant reads its own rows, with its values, in its transaction', async () => {
    const a = dataFor('100011', '111')
    const b = dataFor('100012', '121')
    await posts(a).insert([newPost('K1'), newPost('K2')])
    await posts(b).insert([newPost('K1'), newPost('K3')])
    const codes = async (data: Data, wanted: string[]) => {
      const rows = await data.kept<{ code: string; tenant: string }>(
        'test.posts',
        () =>
          data.db
            .select(jsonFields({ code: post.postCode, tenant: post.tenantId }))
            .from(post)
            .where(data.rows(post, sql`${post.postCode} = any(${sql.placeholder('codes')})`)),
        { codes: wanted },
      )
      return rows.map((r) => `${r.tenant}:${r.code}`).sort()
    }
    expect(await codes(a, ['K1', 'K2', 'K3'])).toEqual(['100011:K1', '100011:K2'])
    // the same shape for another tenant: its own text, never the first tenant's condition
    expect(await codes(b, ['K1', 'K2', 'K3'])).toEqual(['100012:K1', '100012:K3'])
    expect(await codes(a, ['K2'])).toEqual(['100011:K2'])
    expect(await codes(a, [])).toEqual([])
    // inside a transaction it reads what the transaction wrote (the transaction's own session)
    await a.transaction(async (tx) => {
      await posts(tx).insert(newPost('K4'))
      expect(await codes(tx, ['K4'])).toEqual(['100011:K4'])
    })
  })

  it('crosses tenants only for the platform administrator, and writes the tenant a row names', async () => {
    await posts(dataFor('100007', '71')).insert(newPost('X1'))
    await posts(dataFor('100008', '81')).insert(newPost('X2'))
    expect(() => dataFor('100007', '71').acrossTenants()).toThrow(ForbiddenError)
    const platform = new Data({
      db: t.database.db,
      tenantId: '000000',
      user: { ...user('000000', '1'), roleAliases: ['administrator'] },
    }).acrossTenants()
    const codes = (await posts(platform).list({ postCode: 'X' })).map((r) => `${r.tenantId}:${r.postCode}`)
    expect(codes.sort()).toEqual(['100007:X1', '100008:X2'])
    const [id] = await posts(platform).insert({ ...newPost('X3'), tenantId: '100009' } as never)
    expect((await posts(dataFor('100009', '91')).need(id)).postCode).toBe('X3')
  })

  it('inserts many rows as insert does, a batch at a time as one JSON parameter', async () => {
    const a = dataFor('100010', '101')
    const [one] = await posts(a).insert(newPost('M0'))
    const forged = { ...newPost('M1'), tenantId: '999999', createUser: '666', isDeleted: 1 }
    const more = Array.from({ length: 1500 }, (_, i) => newPost(`N${i}`))
    const ids = await posts(a).insertMany([forged as never, ...more])
    expect(ids).toHaveLength(1501)
    expect(await posts(a).count()).toBe(1502)
    expect((await posts(a).need(ids[1500])).postCode).toBe('N1499')
    const same = ({ id: _i, postCode: _c, postName: _n, createTime, updateTime: _u, ...rest }: Record<string, unknown>) => {
      expect(createTime).toBeInstanceOf(Date)
      expect(Math.abs((createTime as Date).getTime() - Date.now())).toBeLessThan(60_000)
      return rest
    }
    // tenant, audit columns and the schema's defaults (status 1) as insert writes them
    expect(same(await posts(a).need(ids[0]))).toEqual(same(await posts(a).need(one)))

    const equipment = a.repo(assetsEquipment)
    const item = {
      equipmentName: '数字示波器',
      classCode: '03030501',
      price: '12800.50',
      purchaseDate: '2024-10-12',
      scrapDate: null,
      statusCode: 1,
      source: 1,
      countryCode: '840',
    }
    const [byInsert] = await equipment.insert({ ...item, equipmentNo: 'JM000001' } as never)
    const [byMany] = await equipment.insertMany([{ ...item, equipmentNo: 'JM000002' } as never])
    const strip = ({ id: _i, equipmentNo: _n, createTime: _c, updateTime: _u, ...rest }: Record<string, unknown>) => rest
    expect(strip(await equipment.need(byMany))).toEqual(strip(await equipment.need(byInsert)))
    expect(await equipment.need(byMany)).toMatchObject({ price: '12800.5000', purchaseDate: '2024-10-12', scrapDate: null })
  })
})
