import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { createTenant } from '../../../tests/support/fixtures'
import { readVersion } from '../db/versions'
import { allocate } from '../../shared/resources/safety/proportions'
import { addAccount, PASSWORD, sheetQuestions } from './testing'

/** Labels, categories, the bank and its import/export, generation by proportions and papers (B.1–B.3, B.9). */

let t: TestServer
let staff: Api
let admin: Api
const S = '/api/safetyexam'
const ids: Record<string, string> = {}

async function addCategory(name: string, parent?: string) {
  const res = await staff.post(`${S}/safetyexamquesbankcategory/submit`, {
    body: { categoryName: name, parentId: parent ? ids[parent] : '0' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  ids[name] = res.body.data.id
}

const proportions = (rows: [string, number][]) =>
  JSON.stringify(rows.map(([name, proportion]) => ({ categoryId: ids[name], proportion })))

beforeAll(async () => {
  t = await startTestServer()
  await addAccount(t.database.db, 'bankstaff', 'staff')
  staff = t.api(await t.login('bankstaff', PASSWORD))
  admin = t.api(await t.login())
})
afterAll(() => t?.close())

describe('labels and categories', () => {
  it('keeps label names unique and refuses removing a label in use', async () => {
    const add = await staff.post(`${S}/safetyexamlabel/submit`, {
      body: { labelName: '化学安全', color: '#F56C6C' },
    })
    expect(add.status).toBe(200)
    expect(
      (await staff.post(`${S}/safetyexamlabel/submit`, { body: { labelName: '化学安全' } })).body.msg,
    ).toBe('标签名称已存在')
    const labels = (await staff.get(`${S}/safetyexamlabel/getDictionaryLabel`)).body.data
    expect(labels).toEqual([{ dictKey: expect.any(String), dictValue: '化学安全', color: '#F56C6C' }])
    ids.label = labels[0].dictKey
    await staff.post(`${S}/safetyexamcourse/submit`, {
      body: { title: '危化品课程', studyMinutes: 10, labelIds: ids.label },
    })
    const removed = await staff.post(`${S}/safetyexamlabel/remove`, { query: { ids: ids.label } })
    expect(removed.body.msg).toBe('标签「化学安全」已被使用（课程1），不能删除')
  })

  it('builds the tree with sibling-unique names, three levels at most, and guarded removal', async () => {
    await addCategory('通用安全')
    await addCategory('消防安全', '通用安全')
    await addCategory('电气安全', '通用安全')
    await addCategory('化学类')
    await addCategory('危险化学品', '化学类')
    const dup = await staff.post(`${S}/safetyexamquesbankcategory/submit`, {
      body: { categoryName: '消防安全', parentId: ids['通用安全'] },
    })
    expect(dup.body.msg).toBe('同级分类名称已存在')
    await addCategory('灭火器', '消防安全')
    const deep = await staff.post(`${S}/safetyexamquesbankcategory/submit`, {
      body: { categoryName: '第四级', parentId: ids['灭火器'] },
    })
    expect(deep.body.msg).toBe('分类最多三级')
    const withChildren = await staff.post(`${S}/safetyexamquesbankcategory/remove`, {
      query: { ids: ids['通用安全'] },
    })
    expect(withChildren.body.msg).toBe('请先删除子分类')
    const tree = (await staff.get(`${S}/safetyexamquesbankcategory/tree`)).body.data
    expect(tree.map((n: { title: string }) => n.title)).toEqual(['通用安全', '化学类'])
    expect(
      (await staff.post(`${S}/safetyexamquesbankcategory/remove`, { query: { ids: ids['灭火器'] } })).status,
    ).toBe(200)
  })
})

describe('questions', () => {
  it('checks each rule of the form with its message', async () => {
    const base = {
      questionType: 2,
      categoryId: ids['消防安全'],
      stem: '以下哪些是灭火方法？',
      options: JSON.stringify([
        { key: 'A', text: '隔离' },
        { key: 'B', text: '窒息' },
        { key: 'C', text: '冷却' },
      ]),
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, answer: 'A' }, '多选题至少有两个正确答案'],
      [{ ...base, answer: 'AE' }, '正确答案「E」不在选项中'],
      [{ ...base, questionType: 1, answer: 'AB' }, '单选题只能有一个正确答案'],
      [
        {
          ...base,
          options: JSON.stringify([
            { key: 'A', text: '隔离' },
            { key: 'C', text: '冷却' },
          ]),
          answer: 'AC',
        },
        '选项须从A开始连续填写',
      ],
      [{ ...base, questionType: 3, answer: '是' }, '判断题答案只能是正确或错误'],
      [{ ...base, categoryId: undefined, answer: 'AB' }, '请选择题目分类'],
    ]
    for (const [body, msg] of cases) {
      const res = await staff.post(`${S}/safetyexamquestionbank/submit`, { body })
      expect(res.status, msg).toBe(400)
      expect(res.body.msg).toBe(msg)
    }
    const ok = await staff.post(`${S}/safetyexamquestionbank/submit`, { body: { ...base, answer: 'CA' } })
    expect(ok.status).toBe(200)
    const row = (await staff.get(`${S}/safetyexamquestionbank/page`, { stem: '灭火方法' })).body.data
      .records[0]
    expect(row).toMatchObject({ answer: 'AC', categoryName: '通用安全/消防安全' })
    const again = await staff.post(`${S}/safetyexamquestionbank/submit`, {
      body: { ...base, stem: '  以下哪些是灭火方法？ ', answer: 'AB' },
    })
    expect(again.body.msg).toBe('题目已存在（同题型、同题干）')
  })

  it('imports 300 questions all or nothing, listing every bad row', async () => {
    const good = [
      ...sheetQuestions('通用安全/消防安全', 1, 100, 'F'),
      ...sheetQuestions('通用安全/电气安全', 2, 100, 'D'),
      ...sheetQuestions('化学类/危险化学品', 3, 100, 'H'),
    ]
    const bad = good.map((r) => ({ ...r }))
    bad[3].categoryPath = '消防'
    bad[5] = { ...bad[1] }
    const before = await bankVersionOf('000000')
    const refused = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
      body: { questions: bad },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('第5行：题目分类「消防」不存在；第7行：与第3行题目重复')
    expect((await staff.get(`${S}/safetyexamquestionbank/page`, { size: 1 })).body.data.total).toBe(1)
    expect(await bankVersionOf('000000')).toBe(before)
    const imported = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
      body: { questions: good },
    })
    expect(imported.body).toMatchObject({ msg: '导入成功', data: { count: 300 } })
    // the bank version a start checks (pool-cache.ts) moved with the import
    expect(await bankVersionOf('000000')).toBeGreaterThan(before)
    const again = await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
      body: { questions: good.slice(0, 1) },
    })
    expect(again.body.msg).toBe('第2行：题目已存在（同题型、同题干）')
  })

  it('exports the import columns, and the file imports into another tenant unchanged', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: `${S}/safetyexamquestionbank/page-export?stem=${encodeURIComponent('第')}`,
      headers: await headersOf('bankstaff'),
    })
    expect(raw.statusCode).toBe(200)
    const sheet = XLSX.read(raw.rawPayload, { type: 'buffer' })
    const first = sheet.Sheets[sheet.SheetNames[0]]
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(first)
    expect(rows).toHaveLength(300)
    expect(XLSX.utils.sheet_to_json<string[]>(first, { header: 1 })[0]).toEqual([
      '题型',
      '题目分类',
      '标签',
      '题干',
      '选项A',
      '选项B',
      '选项C',
      '选项D',
      '选项E',
      '选项F',
      '正确答案',
      '答案解析',
      '难度',
      '状态',
    ])
    expect(rows.find((r) => r['题型'] === '判断题')!['正确答案']).toBe('正确')

    await createTenant(t.database, '200001', { adminPassword: 'Other-Admin-1' })
    const other = t.api(await t.login('admin', 'Other-Admin-1', '200001'))
    for (const [name, parent] of [
      ['通用安全', '0'],
      ['化学类', '0'],
    ] as const)
      await other.post(`${S}/safetyexamquesbankcategory/submit`, {
        body: { categoryName: name, parentId: parent },
      })
    const tree = (await other.get(`${S}/safetyexamquesbankcategory/tree`)).body.data
    for (const [name, parentName] of [
      ['消防安全', '通用安全'],
      ['电气安全', '通用安全'],
      ['危险化学品', '化学类'],
    ])
      await other.post(`${S}/safetyexamquesbankcategory/submit`, {
        body: {
          categoryName: name,
          parentId: tree.find((n: { title: string }) => n.title === parentName).id,
        },
      })
    const mapped = rows.map((r) => ({
      questionType: r['题型'],
      categoryPath: r['题目分类'],
      labelNames: r['标签'],
      stem: r['题干'],
      optionA: r['选项A'],
      optionB: r['选项B'],
      optionC: r['选项C'],
      optionD: r['选项D'],
      answerText: r['正确答案'],
      analysis: r['答案解析'],
      difficulty: r['难度'],
      status: r['状态'],
    }))
    const mine = await bankVersionOf('000000')
    const imported = await other.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
      body: { questions: mapped },
    })
    expect(imported.body.data.count).toBe(300)
    expect((await staff.get(`${S}/safetyexamquestionbank/page`, { size: 1 })).body.data.total).toBe(301)
    expect(await bankVersionOf('200001')).toBeGreaterThan(0)
    expect(await bankVersionOf('000000')).toBe(mine)
  })
})

/** The tenant's bank version, which the triggers of src/server/db/routines.ts move (0 before any write). */
async function bankVersionOf(tenantId: string): Promise<number> {
  return Number(await readVersion(t.database.db, tenantId, 'safetyBank'))
}

async function headersOf(account: string) {
  const { basicAuth } = await import('../../../tests/support/server')
  return { authorization: basicAuth(), 'blade-auth': `bearer ${await t.login(account, PASSWORD)}` }
}

describe('generation by proportions', () => {
  it('allocates by largest remainder, ties to the earlier category', () => {
    expect(allocate(30, [40, 35, 25])).toEqual([12, 11, 7])
    expect(allocate(10, [40, 35, 25])).toEqual([4, 4, 2])
    expect(allocate(3, [50, 50])).toEqual([2, 1])
    expect(allocate(0, [40, 60])).toEqual([0, 0])
  })

  it('draws the quotas without repeats and names every shortage', async () => {
    const res = await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: { categoryProportionArray: proportions([['消防安全', 100]]), singleCount: 30 },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const { questions, quotas } = res.body.data
    expect(quotas).toEqual([
      { categoryId: ids['消防安全'], categoryName: '消防安全', questionType: 1, need: 30, have: 100 },
    ])
    expect(new Set(questions.map((q: { id: string }) => q.id)).size).toBe(30)
    const short = await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: {
        categoryProportionArray: proportions([
          ['通用安全', 40],
          ['危险化学品', 60],
        ]),
        singleCount: 30,
        multipleCount: 10,
      },
    })
    expect(short.body.msg).toBe(
      '题库题目不足：「危险化学品」单选题需要18道，现有0道；「危险化学品」多选题需要6道，现有0道',
    )
    const contains = await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: {
        categoryProportionArray: proportions([
          ['通用安全', 50],
          ['消防安全', 50],
        ]),
        singleCount: 10,
      },
    })
    expect(contains.body.msg).toBe('所选分类存在包含关系：「通用安全」包含「消防安全」')
    const sum = await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: {
        categoryProportionArray: proportions([
          ['通用安全', 50],
          ['危险化学品', 40],
        ]),
        singleCount: 10,
      },
    })
    expect(sum.body.msg).toBe('各分类比例之和必须为100')
  })

  it('filters by label', async () => {
    const q = (await staff.get(`${S}/safetyexamquestionbank/page`, { stem: 'F单选题第1题' })).body.data
      .records[0]
    await staff.post(`${S}/safetyexamquestionbank/submit`, { body: { id: q.id, labelIds: ids.label } })
    const res = await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
      query: {
        categoryProportionArray: proportions([['消防安全', 100]]),
        singleCount: 1,
        labelIds: ids.label,
      },
    })
    expect(res.body.data.questions.map((x: { id: string }) => x.id)).toEqual([q.id])
  })
})

describe('papers', () => {
  it('checks counts, scores and the total, and locks a paper once a plan uses it', async () => {
    const generated = (
      await staff.post(`${S}/safetyexamquestionbank/fixedExamQuestionGeneration`, {
        query: { categoryProportionArray: proportions([['消防安全', 100]]), singleCount: 30 },
      })
    ).body.data.questions
    const body = {
      paperName: '固定卷',
      paperMode: 1,
      singleCount: 30,
      singleScore: 2,
      multipleCount: 10,
      multipleScore: 2,
      judgeCount: 20,
      judgeScore: 1,
    }
    const short = await staff.post(`${S}/safetyexampaper/submit`, {
      body: { ...body, questionIds: generated.slice(0, 28).map((g: { id: string }) => g.id) },
    })
    expect(short.body.msg).toBe('试卷题目数量与题型设置不一致：单选题应为30道，已选28道')
    const step = await staff.post(`${S}/safetyexampaper/submit`, { body: { ...body, singleScore: 2.3 } })
    expect(step.body.msg).toBe('单选题分值须为0.5的倍数')
    const random = await staff.post(`${S}/safetyexampaper/submit`, {
      body: {
        ...body,
        paperName: '新生准入随机卷',
        paperMode: 2,
        categoryProportion: proportions([
          ['消防安全', 40],
          ['电气安全', 35],
          ['危险化学品', 25],
        ]),
      },
    })
    expect(random.status, JSON.stringify(random.body)).toBe(200)
    const page = (await staff.get(`${S}/safetyexampaper/page`)).body.data.records
    expect(page[0]).toMatchObject({ paperName: '新生准入随机卷', totalScore: expect.anything() })
    expect(Number(page[0].totalScore)).toBe(100)
    const detail = (await staff.get(`${S}/safetyexampaper/detail`, { id: page[0].id })).body.data
    expect(detail.proportions.map((p: { categoryName: string }) => p.categoryName)).toEqual([
      '通用安全/消防安全',
      '通用安全/电气安全',
      '化学类/危险化学品',
    ])
    // Categories in a paper's proportions stay.
    const removeCategory = await admin.post(`${S}/safetyexamquesbankcategory/remove`, {
      query: { ids: ids['电气安全'] },
    })
    expect(removeCategory.body.msg).toBe('该分类下有100道题目，不能删除')
  })
})
