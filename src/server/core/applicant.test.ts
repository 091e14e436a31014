/**
 * Applicant-only edits (requireApplicantOrManager): for each apply-approve area, a row made by one
 * teacher is refused to another teacher on every write route (403, nothing changed, one foreign id
 * refuses a whole batch), while its applicant and the office roles that approve the area still edit it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../tests/support/fixtures'
import { startTestServer, type Api, type ApiResponse, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { addLab, addRoom } from '../lab/testing'

let t: TestServer
let a: Api
let b: Api
let staff: Api
let roomId = ''

beforeAll(async () => {
  t = await startTestServer()
  const admin = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
  const lab = await addLab(admin, { labName: '归属实验中心', deptSerial: '0301' })
  roomId = await addRoom(admin, { roomNo: 'G101', labId: lab.id, seats: 40 })
  const sign = async (account: string, roleAlias: string) => {
    const u = await createUser(t.database, { account, roleAlias })
    return t.api(await t.login(u.account, u.password))
  }
  a = await sign('own_a', 'teacher')
  b = await sign('own_b', 'teacher')
  staff = await sign('own_staff', 'staff')
})
afterAll(() => t?.close())

/** Another applicant's row: 403 with the rule when it can be read, or "not found" where the area hides it. */
function expectRefused(res: ApiResponse, what: string) {
  expect([400, 403], `${what}: ${res.status} ${res.body.msg}`).toContain(res.status)
  if (res.status === 403)
    expect(res.body).toMatchObject({ code: 403, success: false, msg: '只能修改本人提交的申请' })
  else expect(res.body.msg, what).toMatch(/不存在或无权/)
}

interface Area {
  name: string
  base: string
  draft: (n: number) => Record<string, unknown>
  /** Every write route that takes the row: [label, call]. */
  writes: (api: Api, id: string) => [string, () => Promise<ApiResponse>][]
  edit: (api: Api, id: string, value: string) => Promise<ApiResponse>
  /** The field `edit` changes, as the detail shows it. */
  field: string
  create: string
  /** Whether another teacher can read the row (then the refusal must be the 403). */
  readable: boolean
}

const openTimes = (n: number) => ({
  startDate: `2031-0${n}-02`,
  endDate: `2031-0${n}-02`,
  weekdays: '1,2,3,4,5,6,7',
  startTime: '14:00',
  endTime: '16:00',
  capacity: 2,
})

const AREAS: Area[] = [
  {
    name: '开放实验室申请',
    base: '/api/open/openroomapply',
    create: 'save',
    readable: true,
    field: 'projectName',
    draft: (n) => ({ projectName: `开放实验${n}`, roomId, openType: 3, ...openTimes(n) }),
    edit: (api, id, value) =>
      api.post('/api/open/openroomapply/update', { body: { id, projectName: value } }),
    writes: (api, id) => [
      ['save', () => api.post('/api/open/openroomapply/save', { body: { id, projectName: '改' } })],
      ['update', () => api.post('/api/open/openroomapply/update', { body: { id, projectName: '改' } })],
      ['submit', () => api.post('/api/open/openroomapply/submit', { body: { id } })],
      ['remove', () => api.post('/api/open/openroomapply/remove', { query: { ids: id } })],
    ],
  },
  {
    name: '开放基地申请',
    base: '/api/open/openbaseapply',
    create: 'save',
    readable: true,
    field: 'projectName',
    draft: (n) => ({ baseName: '创新基地', company: '某公司', projectName: `基地实践${n}`, ...openTimes(n) }),
    edit: (api, id, value) =>
      api.post('/api/open/openbaseapply/update', { body: { id, projectName: value } }),
    writes: (api, id) => [
      ['save', () => api.post('/api/open/openbaseapply/save', { body: { id, projectName: '改' } })],
      ['update', () => api.post('/api/open/openbaseapply/update', { body: { id, projectName: '改' } })],
      ['submit', () => api.post('/api/open/openbaseapply/submit', { body: { id } })],
      ['remove', () => api.post('/api/open/openbaseapply/remove', { query: { ids: id } })],
    ],
  },
  {
    name: '实验室预约',
    base: '/api/lab/appointment',
    create: 'submit',
    readable: false,
    field: 'title',
    draft: (n) => ({
      roomId,
      appointmentDate: `2031-0${n}-20`,
      startTime: '08:00',
      endTime: '10:00',
      title: `课程设计${n}`,
      purpose: 1,
      headcount: 30,
    }),
    edit: (api, id, value) => api.post('/api/lab/appointment/submit', { body: { id, title: value } }),
    writes: (api, id) => [
      ['submit', () => api.post('/api/lab/appointment/submit', { body: { id, title: '改' } })],
      ['handleApplyFor', () => api.post('/api/lab/appointment/handleApplyFor', { body: { id } })],
      ['cancel', () => api.post('/api/lab/appointment/cancel', { body: { id } })],
      ['remove', () => api.post('/api/lab/appointment/remove', { query: { ids: id } })],
    ],
  },
]

describe.each(AREAS.map((area, i) => [area.name, area, i + 1] as const))('%s', (_name, area, n) => {
  const detail = async (api: Api, id: string) => (await api.get(`${area.base}/detail`, { id })).body.data

  it('refuses every write route on another teacher’s row and changes nothing', async () => {
    const made = await a.post(`${area.base}/${area.create}`, { body: area.draft(n) })
    expect(made.status, made.body.msg).toBe(200)
    const id = String(made.body.data.id)
    const before = await detail(a, id)
    for (const [label, call] of area.writes(b, id)) {
      const res = await call()
      if (area.readable) expect(res.status, `${label}: ${res.body.msg}`).toBe(403)
      expectRefused(res, label)
    }
    expect(await detail(a, id)).toEqual(before)
  })

  it('refuses a batch removal holding one foreign id, whole', async () => {
    const mine = await b.post(`${area.base}/${area.create}`, { body: area.draft(n + 3) })
    const theirs = await a.post(`${area.base}/${area.create}`, { body: area.draft(n + 6) })
    expect([mine.status, theirs.status], mine.body.msg ?? theirs.body.msg).toEqual([200, 200])
    const ids = `${mine.body.data.id},${theirs.body.data.id}`
    expectRefused(await b.post(`${area.base}/remove`, { query: { ids } }), 'batch remove')
    expect(await detail(b, String(mine.body.data.id))).toMatchObject({ id: String(mine.body.data.id) })
  })

  it('lets the applicant and the approving office edit it', async () => {
    const made = await a.post(`${area.base}/${area.create}`, { body: area.draft(n) })
    const id = String(made.body.data.id)
    const own = await area.edit(a, id, '本人修改')
    expect(own.status, own.body.msg).toBe(200)
    expect((await detail(a, id))[area.field]).toBe('本人修改')
    const office = await area.edit(staff, id, '管理员修改')
    expect(office.status, office.body.msg).toBe(200)
    expect((await detail(a, id))[area.field]).toBe('管理员修改')
    const removed = await a.post(`${area.base}/remove`, { query: { ids: id } })
    expect(removed.status, removed.body.msg).toBe(200)
  })
})
