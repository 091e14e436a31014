/**
 * Every section-9 rule (moe-reports.md 9, SJ1-01 … SJ7-05) reports its id, level, field and row
 * (issue 14): a valid fixture of the seven tables is imported by a college; each case breaks exactly
 * what one rule checks in one known row, re-imports (or saves the row), runs 校验 and looks for the
 * finding. The rule list is read from the check code, so a new rule without a case fails here. Then:
 * warnings alone do not block 提交, one error does.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { RULES } from '../../shared/resources/report/rules'
import { TABLE_CODES, type TableCode } from '../../shared/resources/report/tables'
import { issueReportTask, upload } from './testing'
import { fixtureRecords, schoolWithIssuedTask, txtOf, type FixtureRecord } from './txt-fixture'

let t: TestServer
let school: Awaited<ReturnType<typeof schoolWithIssuedTask>>

const scope = { taskSerialNum: 'RW2024', collegeSerialNum: '01' }
const staff = () => t.api(school.staff['01'])

/** The rule ids the check code emits (its rule table), each `SJn-nn` literal of tables.ts and shared.ts. */
function ruleIdsInCode(): string[] {
  const ids = new Set<string>()
  for (const file of ['tables.ts', 'shared.ts'])
    for (const m of readFileSync(join(__dirname, 'check', file), 'utf8').matchAll(/'(SJ\d-\d\d)'/g))
      ids.add(m[1])
  return [...ids].sort()
}

/**
 * A valid scope of college 01 (labs, funds and equipment agreeing across the tables): SJ1 row 1 is the
 * one 贵重仪器 (SJ3's only row), rows 1 and 3 are ≥ 10万; SJ6's three labs are SJ4's and SJ5's labs.
 */
function validFixture(): Record<TableCode, FixtureRecord[]> {
  const f = Object.fromEntries(TABLE_CODES.map((c) => [c, fixtureRecords(c)])) as Record<
    TableCode,
    FixtureRecord[]
  >
  const prices = ['500000.00', '1000.00', '150000.00']
  f.sj1.forEach((r, i) => Object.assign(r, { unitPrice: prices[i], classCode: '03010101' }))
  Object.assign(f.sj2[0], {
    lastCount: 1,
    lastAmount: '10.00',
    lastBigCount: 0,
    lastBigAmount: '0.00',
    addCount: 2,
    addAmount: '55.10',
    reduceCount: 0,
    reduceAmount: '0.00',
    endCount: 3,
    endAmount: '65.10',
    endBigCount: 2,
    endBigAmount: '65.00',
  })
  const [first] = f.sj1
  f.sj3 = [
    {
      ...f.sj3[0],
      ...Object.fromEntries(
        ['equipmentNo', 'classCode', 'equipmentName', 'unitPrice', 'model'].map((k) => [k, first[k]]),
      ),
      teachHours: 900,
      researchHours: 10,
      serviceHours: 10,
      openHours: 20,
    },
  ]
  f.sj6.forEach((r, i) =>
    Object.assign(r, {
      area: String(100 * (i + 1)),
      runningFunds: `${10 * (i + 1)}.00`,
      materialFunds: `${i + 1}.00`,
    }),
  )
  const lab = (i: number) => ({ labCode: f.sj6[i].labCode, labName: f.sj6[i].labName })
  f.sj4.forEach((r, i) => Object.assign(r, { experimentType: '1', ...lab(i) }))
  f.sj5.forEach((r, i) => Object.assign(r, { birthMonth: '198005', ...lab(i) }))
  Object.assign(f.sj7[0], {
    labCount: 3,
    labArea: '600',
    equipPurchase: '10.00',
    equipPurchaseTeach: '5.00',
    equipMaintain: '4.00',
    equipMaintainTeach: '2.00',
    runningFunds: '60.00',
    materialFunds: '6.00',
    constructionFunds: '1.00',
    reformFunds: '1.00',
    otherFunds: '1.00',
    totalFunds: '77.00',
  })
  return f
}

const VALID = validFixture()

async function importRecords(table: TableCode, records: FixtureRecord[], taskSerialNum = 'RW2024') {
  const res = await upload(
    t,
    school.staff['01'],
    `/api/report/${table}/importData`,
    { name: `${table.toUpperCase()}10512.txt`, bytes: txtOf(table, records) },
    { mode: 'replace', taskSerialNum },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data.imported).toBe(records.length)
}

interface Finding {
  ruleId: string
  level: string
  rowNo: number | null
  field: string | null
  message: string
}

async function check(table: TableCode, at = scope) {
  // SJ7's 校验 is a POST (the BladeX contract), the others' a GET
  const path = `/api/report/${table}/checkData`
  const res =
    table === 'sj7' ? await staff().post(path, { query: at, body: at }) : await staff().get(path, at)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { errors: number; warnings: number; items: Finding[] }
}

async function rowsOf(table: TableCode) {
  return (await staff().get(`/api/report/${table}/page`, { ...scope, size: 50 })).body.data.records as Record<
    string,
    unknown
  >[]
}

/** SJ2 of last year's task (2023-2024), approved by the office: all zeros, so SJ2-08 can compare. */
async function approvedLastYearSj2() {
  const office = t.api(school.office)
  await issueReportTask(office, '2023-2024', '01')
  const zeros = Object.fromEntries(
    Object.entries(VALID.sj2[0]).map(([k, v]) => [
      k,
      k === 'schoolCode' ? v : typeof v === 'number' ? 0 : '0.00',
    ]),
  )
  await importRecords('sj2', [zeros], 'RW2023')
  const sent = await staff().post('/api/report/sj2/submit', {
    body: { taskSerialNum: 'RW2023', collegeSerialNum: '01' },
  })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const [todo] = (await office.get('/api/report/sj2/audit-page', { auditStatus: 'todo' })).body.data.records
  const ok = await office.post('/api/report/sj2/complete-task', {
    body: { taskId: todo.flowTaskId, pass: true },
  })
  expect(ok.status, JSON.stringify(ok.body)).toBe(200)
}

interface Case {
  table: TableCode
  /** Breaks the records before they are imported (row index = rowNo − 1). */
  breaks?: (r: FixtureRecord[]) => void
  /** Or / also: what is done through the API after the import. */
  then?: () => Promise<void>
  field: string | null
  rowNo: number | null
}

const set = (i: number, values: FixtureRecord) => (r: FixtureRecord[]) => Object.assign(r[i], values)
const dupOf = (i: number, field: string) => (r: FixtureRecord[]) => {
  r[i][field] = r[i - 1][field]
}
const twice = (r: FixtureRecord[]) => r.push({ ...r[0] })

const CASES: Record<string, Case> = {
  'SJ1-01': { table: 'sj1', breaks: set(1, { unitPrice: '500.00' }), field: 'unitPrice', rowNo: 2 },
  'SJ1-02': { table: 'sj1', breaks: set(1, { classCode: '01010101' }), field: 'classCode', rowNo: 2 },
  'SJ1-03': { table: 'sj1', breaks: set(1, { useDirection: '3' }), field: 'useDirection', rowNo: 2 },
  'SJ1-04': { table: 'sj1', breaks: set(1, { statusCode: '5' }), field: 'statusCode', rowNo: 2 },
  'SJ1-05': { table: 'sj1', breaks: dupOf(2, 'equipmentNo'), field: 'equipmentNo', rowNo: 3 },
  'SJ2-01': { table: 'sj2', breaks: twice, field: null, rowNo: 2 },
  'SJ2-02': { table: 'sj2', breaks: set(0, { endCount: 4 }), field: 'endCount', rowNo: 1 },
  'SJ2-03': { table: 'sj2', breaks: set(0, { endAmount: '65.20' }), field: 'endAmount', rowNo: 1 },
  'SJ2-04': { table: 'sj2', breaks: set(0, { lastBigCount: 2 }), field: 'lastBigCount', rowNo: 1 },
  'SJ2-05': { table: 'sj2', breaks: set(0, { lastCount: 2, endCount: 4 }), field: 'endCount', rowNo: 1 },
  'SJ2-06': {
    table: 'sj2',
    breaks: set(0, { lastAmount: '10.10', endAmount: '65.20' }),
    field: 'endAmount',
    rowNo: 1,
  },
  'SJ2-07': { table: 'sj2', breaks: set(0, { endBigCount: 1 }), field: 'endBigCount', rowNo: 1 },
  'SJ2-08': { table: 'sj2', then: approvedLastYearSj2, field: 'lastCount', rowNo: 1 },
  'SJ3-01': { table: 'sj3', breaks: set(0, { classCode: '04010101' }), field: 'classCode', rowNo: 1 },
  'SJ3-02': { table: 'sj3', breaks: set(0, { unitPrice: '300000.00' }), field: 'unitPrice', rowNo: 1 },
  'SJ3-03': { table: 'sj3', breaks: set(0, { equipmentNo: '99999999' }), field: 'equipmentNo', rowNo: 1 },
  'SJ3-04': { table: 'sj3', breaks: set(0, { model: 'X-1' }), field: 'model', rowNo: 1 },
  // the qualifying SJ1 row 1 is no longer listed: a finding of the scope, not of an SJ3 row
  'SJ3-05': { table: 'sj3', breaks: set(0, { equipmentNo: '99999999' }), field: 'equipmentNo', rowNo: null },
  'SJ3-06': { table: 'sj3', breaks: set(0, { openHours: 9999 }), field: 'openHours', rowNo: 1 },
  'SJ3-07': { table: 'sj3', breaks: twice, field: 'equipmentNo', rowNo: 2 },
  'SJ3-08': {
    table: 'sj3',
    breaks: set(0, { teachHours: 100, researchHours: 0, serviceHours: 0, openHours: 0 }),
    field: null,
    rowNo: 1,
  },
  'SJ4-01': { table: 'sj4', breaks: dupOf(2, 'experimentNo'), field: 'experimentNo', rowNo: 3 },
  // a trailing * on a row saved as not 独立设课 (the import derives 独立设课 from the *)
  'SJ4-02': {
    table: 'sj4',
    then: async () => {
      const row = (await rowsOf('sj4')).find((r) => r.rowNo === 2)!
      const res = await staff().post('/api/report/sj4/update', {
        body: { ...row, experimentNo: `${String(row.experimentNo)}*`, independentCourse: 0 },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    },
    field: 'experimentNo',
    rowNo: 2,
  },
  'SJ4-03': { table: 'sj4', breaks: set(1, { labCode: 'X999' }), field: 'labCode', rowNo: 2 },
  'SJ4-04': { table: 'sj4', breaks: set(1, { labName: '别的实验室' }), field: 'labName', rowNo: 2 },
  'SJ4-05': { table: 'sj4', breaks: set(1, { experimentType: '6' }), field: 'experimentType', rowNo: 2 },
  'SJ4-06': { table: 'sj4', breaks: set(1, { hours: 0 }), field: 'hours', rowNo: 2 },
  'SJ4-07': { table: 'sj4', breaks: set(1, { groupSize: 99 }), field: 'groupSize', rowNo: 2 },
  'SJ5-01': { table: 'sj5', breaks: dupOf(2, 'staffNo'), field: 'staffNo', rowNo: 3 },
  'SJ5-02': { table: 'sj5', breaks: set(1, { birthMonth: '201503' }), field: 'birthMonth', rowNo: 2 },
  'SJ6-01': { table: 'sj6', breaks: dupOf(2, 'labCode'), field: 'labCode', rowNo: 3 },
  'SJ6-02': { table: 'sj6', breaks: set(1, { materialFunds: '50.00' }), field: 'materialFunds', rowNo: 2 },
  'SJ6-03': { table: 'sj7', breaks: set(0, { runningFunds: '61.00' }), field: 'runningFunds', rowNo: 1 },
  'SJ7-01': { table: 'sj7', breaks: twice, field: null, rowNo: 2 },
  'SJ7-02': { table: 'sj7', breaks: set(0, { totalFunds: '78.00' }), field: 'totalFunds', rowNo: 1 },
  'SJ7-03': {
    table: 'sj7',
    breaks: set(0, { equipPurchaseTeach: '11.00' }),
    field: 'equipPurchaseTeach',
    rowNo: 1,
  },
  'SJ7-04': { table: 'sj7', breaks: set(0, { labCount: 4 }), field: 'labCount', rowNo: 1 },
  'SJ7-05': { table: 'sj7', breaks: set(0, { labArea: '601' }), field: 'labArea', rowNo: 1 },
}

const copy = (records: FixtureRecord[]) => records.map((r) => ({ ...r }))
const sectionNine = (items: Finding[]) => items.filter((i) => /^SJ\d-\d\d$/.test(i.ruleId))

beforeAll(async () => {
  t = await startTestServer()
  school = await schoolWithIssuedTask(t)
  for (const table of TABLE_CODES) await importRecords(table, VALID[table])
})
afterAll(() => t?.close())

describe('section-9 rules', () => {
  const ids = ruleIdsInCode()

  it('the check code and the rule table name the same rules, and the valid fixture breaks none', async () => {
    expect(ids.length).toBeGreaterThan(30)
    expect(ids).toEqual(
      RULES.filter((r) => /^SJ\d-\d\d$/.test(r.id))
        .map((r) => r.id)
        .sort(),
    )
    for (const table of TABLE_CODES) expect(sectionNine((await check(table)).items), table).toEqual([])
  })

  it.each(ids)('%s reports its id, level, field and row', async (id) => {
    const c = CASES[id]
    expect(c, `no case for ${id}`).toBeDefined()
    const records = copy(VALID[c.table])
    c.breaks?.(records)
    await importRecords(c.table, records)
    try {
      await c.then?.()
      const { items } = await check(c.table)
      const level = RULES.find((r) => r.id === id)!.level
      expect(items.filter((i) => i.ruleId === id)).toContainEqual(
        expect.objectContaining({ ruleId: id, level, field: c.field, rowNo: c.rowNo }),
      )
    } finally {
      await importRecords(c.table, VALID[c.table])
    }
  })
})

describe('提交 is blocked by errors only', () => {
  it('one error blocks 提交 with the count', async () => {
    await importRecords('sj7', [...VALID.sj7, ...VALID.sj7])
    expect((await check('sj7')).errors).toBe(1)
    const refused = await staff().post('/api/report/sj7/submit', { body: scope })
    expect(refused.body.msg).toBe('校验未通过：错误1条，请修正后再提交')
    expect((await staff().get('/api/report/sj7/getApplyData', scope)).body.data.submission.status).toBe(1)
  })

  it('a scope whose only findings are warnings submits', async () => {
    await importRecords('sj7', [{ ...VALID.sj7[0], labCount: 4, labArea: '601' }])
    const found = await check('sj7')
    expect(found.errors).toBe(0)
    expect(found.warnings).toBe(2)
    const sent = await staff().post('/api/report/sj7/submit', {
      body: { ...scope, remark: '实验室数按新口径' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data.status).toBe(2)
  })
})
