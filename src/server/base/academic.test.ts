import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { schoolYearOf } from '../../shared/resources/base/school-year'

let t: TestServer
let api: Api

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
})
afterAll(() => t?.close())

const currentIds = async () =>
  (await api.get('/api/system/academic/page', { size: 100, isCurrent_equal: 1 })).body.data.records.map(
    (r: { id: string }) => r.id,
  )

describe('academic years and terms', () => {
  it('answers the seeded term dictionary and terms', async () => {
    const terms = await api.get('/api/system/periodinfo/dictionary')
    expect(
      terms.body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue]),
    ).toEqual([
      ['1', '第一学期'],
      ['2', '第二学期'],
    ])
    const dict = await api.get('/api/system/academic/dictionary')
    expect(dict.body.data).toHaveLength(4)
    expect(dict.body.data[0]).toMatchObject({ dictKey: dict.body.data[0].id })
    expect(dict.body.data[0].dictValue).toMatch(/^\d{4}-\d{4}学年第[一二]学期$/)
    const years = await api.get('/api/system/academic/getYearList')
    const now = schoolYearOf(new Date())
    expect(years.body.data[0]).toEqual({ dictKey: now, dictValue: `${now}学年` })
    expect(years.body.data).toHaveLength(2)
    const schoolYears = await api.get('/api/system/academic/getSchoolYearList')
    expect(schoolYears.body.data.find((y: { current: boolean }) => y.current).dictKey).toBe(now)
    expect(schoolYears.body.data.length).toBeGreaterThanOrEqual(5)
  })

  it('reports the current term with its teaching week', async () => {
    const current = await api.get('/api/system/academic/current')
    expect(current.body.data.isCurrent).toBe(1)
    expect(current.body.data.academicYear).toBe(schoolYearOf(new Date()))
    const withWeek = await api.get('/api/system/academic/getCurrent')
    expect(withWeek.body.data.id).toBe(current.body.data.id)
    expect(typeof withWeek.body.data.currentWeek).toBe('number')
  })

  it('adds a term, deriving its name and weeks, and refuses duplicates and bad years or dates', async () => {
    const body = { academicYear: '2030-2031', term: '1', startDate: '2030-09-02', endDate: '2031-01-19' }
    const res = await api.post('/api/system/academic/submit', { body })
    expect(res.status).toBe(200)
    const page = await api.get('/api/system/academic/page', { academicYear_equal: '2030-2031' })
    expect(page.body.data.records[0]).toMatchObject({
      name: '2030-2031学年第一学期',
      weeks: 20,
      isCurrent: 0,
    })

    const cases: [Record<string, unknown>, string][] = [
      [body, '2030-2031学年第一学期已存在'],
      [{ ...body, academicYear: '2030-2032' }, '学年格式不正确，后一年应比前一年大 1，如 2025-2026'],
      [{ ...body, academicYear: '2030' }, '学年格式应为 2025-2026'],
      [{ ...body, term: '2', endDate: '2030-08-01' }, '结束日期不能早于开始日期'],
      [{ ...body, term: '9' }, '学期不存在，请先在“学期”中维护'],
      [{ ...body, term: '' }, '请选择学期'],
      [{ ...body, startDate: '2030/09/02', term: '2' }, '开始日期日期格式应为 yyyy-MM-dd'],
    ]
    for (const [input, msg] of cases) {
      const r = await api.post('/api/system/academic/submit', { body: input })
      expect(r.status, msg).toBe(400)
      expect(r.body.msg).toBe(msg)
    }
    expect(
      (await api.get('/api/system/academic/page', { academicYear_equal: '2030-2031' })).body.data.total,
    ).toBe(1)
  })

  it('keeps exactly one current term', async () => {
    const added = (await api.get('/api/system/academic/page', { academicYear_equal: '2030-2031' })).body.data
      .records[0].id
    const set = await api.post('/api/system/academic/current', { query: { id: added } })
    expect(set.status).toBe(200)
    expect(await currentIds()).toEqual([added])
    expect((await api.get('/api/system/academic/current')).body.data.id).toBe(added)

    await api.post('/api/system/academic/submit', {
      body: {
        academicYear: '2030-2031',
        term: '2',
        startDate: '2031-02-24',
        endDate: '2031-07-11',
        isCurrent: 1,
      },
    })
    const second = (
      await api.get('/api/system/academic/page', { academicYear_equal: '2030-2031', term_equal: '2' })
    ).body.data.records[0].id
    expect(await currentIds()).toEqual([second])

    const bad = await api.post('/api/system/academic/current', { query: { id: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('请选择学年学期')
    const unknown = await api.post('/api/system/academic/current', { query: { id: '1234567' } })
    expect(unknown.status).toBe(400)
    expect(await currentIds()).toEqual([second])
  })

  it('edits and removes terms; a term in use cannot be removed from the term dictionary', async () => {
    const row = (
      await api.get('/api/system/academic/page', { academicYear_equal: '2030-2031', term_equal: '2' })
    ).body.data.records[0]
    const edit = await api.post('/api/system/academic/submit', { body: { id: row.id, weeks: 18 } })
    expect(edit.status).toBe(200)
    expect((await api.get('/api/system/academic/detail', { id: row.id })).body.data).toMatchObject({
      weeks: 18,
      name: row.name,
    })
    const moved = await api.post('/api/system/academic/submit', {
      body: { id: row.id, academicYear: '2031-2032', startDate: '2032-02-23', endDate: '2032-07-09' },
    })
    expect(moved.status).toBe(200)
    expect((await api.get('/api/system/academic/detail', { id: row.id })).body.data.name).toBe(
      '2031-2032学年第二学期',
    )
    const removed = await api.post('/api/system/academic/remove', { query: { ids: row.id } })
    expect(removed.status).toBe(200)

    const termPage = await api.get('/api/system/periodinfo/page', { termCode: '1' })
    const used = await api.post('/api/system/periodinfo/remove', {
      query: { ids: termPage.body.data.records[0].id },
    })
    expect(used.status).toBe(400)
    expect(used.body.msg).toBe('所选学期已被学年学期使用，不能删除')
    const summer = await api.post('/api/system/periodinfo/submit', {
      body: { termCode: '3', termName: '夏季学期', sort: 3 },
    })
    expect(summer.status).toBe(200)
    const dup = await api.post('/api/system/periodinfo/submit', {
      body: { termCode: '3', termName: '小学期' },
    })
    expect(dup.body.msg).toBe('学期编号已存在')
    const dict = await api.get('/api/system/periodinfo/dictionary')
    expect(dict.body.data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['1', '2', '3'])
    const recode = await api.post('/api/system/periodinfo/submit', {
      body: { id: termPage.body.data.records[0].id, termCode: '9' },
    })
    expect(recode.status).toBe(400)
    expect(recode.body.msg).toBe('该学期已被学年学期使用，不能修改学期编号')
    const rename = await api.post('/api/system/periodinfo/submit', {
      body: { id: termPage.body.data.records[0].id, termName: '秋季学期' },
    })
    expect(rename.status).toBe(200)
  })
})
