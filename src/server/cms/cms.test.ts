import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'

const C = '/api/cms/category'
const A = '/api/cms/article'
const COVER = '/api/blade-resource/oss/file/upload/20250101/0123456789abcdef0123456789abcdef.png'

let t: TestServer
let staff: string
let student: string

beforeAll(async () => {
  t = await startTestServer()
  const s = await createUser(t.database, { account: 'cms-staff', roleAlias: 'staff' })
  staff = await t.login(s.account, s.password)
  const st = await createUser(t.database, { account: 'cms-student', roleAlias: 'student' })
  student = await t.login(st.account, st.password)
})
afterAll(async () => t?.close())

describe('内容管理', () => {
  it('builds categories, publishes a banner article, readers see only what is published', async () => {
    const office = t.api(staff)
    const news = await office.post(`${C}/submit`, {
      body: { categoryName: '新闻动态', categoryCode: 'news', categoryType: 1 },
    })
    expect(news.status, JSON.stringify(news.body)).toBe(200)
    const newsId = news.body.data.id as string
    const dup = await office.post(`${C}/submit`, {
      body: { categoryName: '重复', categoryCode: 'news', categoryType: 1 },
    })
    expect(dup.body.msg).toBe('栏目编码已存在')
    const lab = await office.post(`${C}/submit`, {
      body: { parentId: newsId, categoryName: '实验室动态', categoryCode: 'lab-news', categoryType: 1 },
    })
    const labId = lab.body.data.id as string
    const level = await office.get(`${C}/lazy-list`, { parentId: 0 })
    expect(
      level.body.data.map((c: { categoryName: string; hasChildren: boolean }) => [
        c.categoryName,
        c.hasChildren,
      ]),
    ).toEqual([['新闻动态', true]])

    const noCover = await office.post(`${A}/submit`, {
      body: { categoryId: labId, title: '开放日', content: '<p>x</p>', isBanner: 1, status: 1 },
    })
    expect(noCover.status).toBe(400)
    expect(noCover.body.msg).toBe('设为轮播的文章必须上传封面')

    const saved = await office.post(`${A}/submit`, {
      body: {
        categoryId: labId,
        title: '实验室开放日',
        content: '<p><strong>欢迎</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">',
        cover: COVER,
        isBanner: 1,
        status: 0,
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const draft = (await office.get(`${A}/page`, { categoryId: newsId })).body.data.records[0]
    expect(draft.content).toBe('<p><strong>欢迎</strong></p>')
    expect((await t.api(student).get(`${A}/bannerList`)).body.data).toEqual([])

    expect((await office.post(`${A}/submit`, { body: { id: draft.id, status: 1 } })).status).toBe(200)
    const banners = (await t.api(student).get(`${A}/bannerList`)).body.data
    expect(banners.map((b: { title: string }) => b.title)).toEqual(['实验室开放日'])
    const read = await t.api(student).get(`${A}/detail`, { id: draft.id })
    expect(read.body.data.viewCount).toBe(1)
    expect((await t.api(student).post(`${A}/submit`, { body: { id: draft.id, status: 2 } })).status).toBe(403)

    const refused = await office.post(`${C}/remove`, { query: { ids: newsId } })
    expect(refused.body.msg).toBe('栏目下有子栏目或文章，不能删除')

    expect((await office.post(`${A}/submit`, { body: { id: draft.id, status: 2 } })).status).toBe(200)
    expect((await t.api(student).get(`${A}/bannerList`)).body.data).toEqual([])
    expect((await t.api(student).get(`${A}/page`)).body.data.total).toBe(0)
    expect((await t.api(student).get(`${A}/detail`, { id: draft.id })).body.msg).toBe('数据不存在或无权访问')
  })
})
