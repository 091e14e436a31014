import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { AnyColumn } from 'drizzle-orm'
import { allOf, filterConditions, orderBy, parsePaging } from './query'
import { BizError } from './errors'

const people = pgTable('people', {
  id: integer('id').primaryKey(),
  realName: varchar('real_name', { length: 50 }),
  account: varchar('account', { length: 50 }),
  age: integer('age'),
  createTime: timestamp('create_time', { mode: 'date' }),
})
const columns = people as unknown as Record<string, AnyColumn>

let client: PGlite
let db: ReturnType<typeof drizzle>

beforeAll(async () => {
  client = new PGlite()
  db = drizzle(client)
  await client.exec(`
    create table people (id int primary key, real_name varchar(50), account varchar(50), age int, create_time timestamp);
    insert into people values
      (1, '张三', 'zhang_san', 30, '2026-01-05 10:00:00'),
      (2, '李四', 'li%si', 41, '2026-02-10 09:00:00'),
      (3, '王五', 'wangwu', 25, '2026-03-15 18:30:00'),
      (4, '张三丰', 'zsf', 99, null);
  `)
})
afterAll(() => client.close())

async function ids(query: Record<string, unknown>) {
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(allOf(filterConditions(query, columns)))
    .orderBy(...orderBy(query, columns, [columns.id as never]))
  return rows.map((r) => r.id)
}

describe('BladeX filters on a real database', () => {
  it('reads a bare key as LIKE on the snake_case column', async () => {
    expect(await ids({ realName: '张三' })).toEqual([1, 4])
    expect(await ids({ real_name: '王' })).toEqual([3])
  })

  it('escapes LIKE wildcards in the value instead of matching everything', async () => {
    expect(await ids({ account: '%' })).toEqual([2])
    expect(await ids({ account: '_' })).toEqual([1])
  })

  it('applies _equal, _notequal, numeric comparisons and null tests', async () => {
    expect(await ids({ realName_equal: '张三' })).toEqual([1])
    expect(await ids({ realName_notequal: '张三' })).toEqual([2, 3, 4])
    expect(await ids({ age_ge: 30, age_lt: 99 })).toEqual([1, 2])
    expect(await ids({ createTime_null: '' })).toEqual([4])
    expect(await ids({ createTime_notnull: '' })).toEqual([1, 2, 3])
  })

  it('filters date ranges on the date part (createTime_dategt / createTime_datelt)', async () => {
    expect(await ids({ createTime_dategt: '2026-01-05', createTime_datelt: '2026-03-15' })).toEqual([2])
    expect(await ids({ createTime_datege: '2026-01-05 23:59:59', createTime_datele: '2026-03-15' })).toEqual([
      1, 2, 3,
    ])
  })

  it('ignores unknown keys, empty values, reserved keys and _ignore', async () => {
    expect(await ids({ nope: 'x', realName: '', current: 2, size: 1, account_ignore: 'zsf' })).toEqual([
      1, 2, 3, 4,
    ])
  })

  it('sorts by ascs/descs and refuses unknown sort columns', async () => {
    expect(await ids({ descs: 'age' })).toEqual([4, 2, 1, 3])
    expect(await ids({ ascs: 'real_name,age' })).toHaveLength(4)
    await expect(ids({ ascs: 'id; drop table people' })).rejects.toThrow(BizError)
  })

  it('refuses malformed comparison and date values with a Chinese message', async () => {
    await expect(ids({ age_ge: 'abc' })).rejects.toThrow('必须是数字或日期')
    await expect(ids({ createTime_datelt: '2026/01/01' })).rejects.toThrow('日期格式不正确')
    expect(await client.query('select count(*)::int as n from people')).toMatchObject({ rows: [{ n: 4 }] })
  })
})

describe('paging parameters', () => {
  it('defaults to page 1 of 10 and bounds the size', () => {
    expect(parsePaging({})).toEqual({ current: 1, size: 10 })
    expect(parsePaging({ current: '3', size: '200' })).toEqual({ current: 3, size: 200 })
    expect(() => parsePaging({ size: '10001' })).toThrow(BizError)
    expect(() => parsePaging({ current: '0' })).toThrow(BizError)
    expect(() => parsePaging({ current: 'x' })).toThrow(BizError)
  })
})

describe('secret columns', () => {
  it('are never a filter or a sort key, whatever the suffix or case style', () => {
    const cols = { ...columns, password: columns.account } as Record<string, AnyColumn>
    expect(() => filterConditions({ password_likeright: 'a' }, cols)).toThrow('不能按密码或密钥查询')
    expect(() => filterConditions({ client_secret: 'a' }, cols)).toThrow('不能按密码或密钥查询')
    expect(() => orderBy({ ascs: 'account,password' }, cols, [])).toThrow('不能按密码或密钥排序')
  })
})
