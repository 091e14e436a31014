import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { basicAuth, startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { createUser, type CreatedUser } from '../../../tests/support/fixtures'
import { addColleges } from '../base/testing'

let t: TestServer
let admin: Api
let teacher: Api
let staff: Api
let otherTeacher: Api
let staffUser: CreatedUser
let equipmentId: string
let adminToken: string

const R = '/api/device-repairs/repairs'

beforeAll(async () => {
  t = await startTestServer()
  adminToken = await t.login()
  admin = t.api(adminToken)
  await addColleges(t.database.db, '000000', [['01', '物理学院']])
  const teacherUser = await createUser(t.database, { account: 'rep_teacher', roleAlias: 'teacher' })
  const other = await createUser(t.database, { account: 'rep_teacher2', roleAlias: 'teacher' })
  staffUser = await createUser(t.database, { account: 'rep_staff', roleAlias: 'staff' })
  teacher = t.api(await t.login(teacherUser.account, teacherUser.password))
  otherTeacher = t.api(await t.login(other.account, other.password))
  staff = t.api(await t.login(staffUser.account, staffUser.password))
  await admin.post('/api/assets/equipment/save', {
    body: {
      equipmentNo: 'R0000001',
      equipmentName: '紫外分光光度计',
      classCode: '03040501',
      price: 56000,
      purchaseDate: '2023-05-10',
      source: 1,
      statusCode: 1,
      useDirection: 1,
      deptSerial: '01',
      location: '理科楼201',
    },
  })
  equipmentId = (await admin.get('/api/assets/equipment/page', { equipmentNo: 'R0000001' })).body.data
    .records[0].id
})
afterAll(() => t?.close())

const detail = async (api: Api, id: string) => (await api.get(`${R}/detail`, { id })).body.data
const equipmentStatus = async () =>
  (await admin.get('/api/assets/equipment/detail', { id: equipmentId })).body.data.statusCode

async function report(api: Api) {
  const saved = await api.post(`${R}/submit`, {
    body: { equipmentId, faultType: 1, urgency: 2, faultDesc: '开机后无显示', reporterPhone: '13800000000' },
  })
  expect(saved.status).toBe(200)
  return saved.body.data.id as string
}

describe('a device is reported, repaired and closed', () => {
  it('runs 提交报修 → 受理派工 → 维修处理 with the device 现状 following', async () => {
    const id = await report(teacher)
    let row = await detail(teacher, id)
    expect(row).toMatchObject({
      repairStatus: 0,
      equipmentNo: 'R0000001',
      location: '理科楼201',
      reporterName: 'rep_teacher',
    })
    expect(row.repairNo).toMatch(/^BX\d{12}$/)
    const again = await teacher.post(`${R}/submit`, {
      body: { equipmentId, faultType: 2, urgency: 1, faultDesc: 'x', reporterPhone: '12345' },
    })
    expect(again.body.msg).toContain('已有未办结的报修单')

    const sent = await teacher.post(`${R}/sumbitTask`, { body: { id } })
    expect(sent.body).toMatchObject({ code: 200, data: { repairStatus: 1 }, msg: '报修已提交，等待受理' })
    row = await detail(staff, id)
    expect(row.task).toMatchObject({ taskDefinitionKey: 'repair_audit', mine: true })
    expect((await teacher.post(`${R}/update`, { body: { id, faultDesc: '改' } })).body.msg).toBe(
      '报修单已提交，不能修改',
    )

    const noRepairer = await staff.post(`${R}/sumbitTask`, { body: { id, taskId: row.task.taskId } })
    expect(noRepairer.body.msg).toBe('请选择维修人')
    const technicians = (await staff.get(`${R}/repairer-select`)).body.data
    expect(technicians.map((u: { id: string }) => u.id)).toContain(staffUser.id)
    const accepted = await staff.post(`${R}/sumbitTask`, {
      body: { id, taskId: row.task.taskId, repairerId: staffUser.id, comment: '安排维修' },
    })
    expect(accepted.body.data.repairStatus).toBe(2)
    row = await detail(staff, id)
    expect(row).toMatchObject({ repairerName: 'rep_staff', statusBefore: 1 })
    expect(row.task).toMatchObject({ taskDefinitionKey: 'repair_handle', mine: true })
    expect(await equipmentStatus()).toBe(3)

    const early = await staff.post(`${R}/sumbitTask`, { body: { id, taskId: row.task.taskId } })
    expect(early.body.msg).toBe('请先登记维修记录')
    const rec = await staff.post(`${R}/saveRep`, {
      body: {
        repairsId: id,
        repairDate: '2025-06-02',
        repairerName: '张工',
        content: '更换电源板',
        parts: '电源板',
        cost: 380.5,
        result: 1,
      },
    })
    expect(rec.status).toBe(200)
    await staff.post(`${R}/saveRep`, {
      body: {
        repairsId: id,
        repairDate: '2025-06-03',
        repairerName: '张工',
        content: '校准',
        cost: 100,
        result: 1,
      },
    })
    expect((await staff.get(`${R}/getRep`, { repairsId: id })).body.data).toHaveLength(2)
    expect((await detail(staff, id)).totalCost).toBe('480.5000')
    expect(
      (
        await teacher.post(`${R}/saveRep`, {
          body: { repairsId: id, repairDate: '2025-06-03', repairerName: 'x', content: 'x' },
        })
      ).status,
    ).toBe(403)

    const closed = await staff.post(`${R}/sumbitTask`, {
      body: { id, taskId: row.task.taskId, repairResult: 1, comment: '修好' },
    })
    expect(closed.body).toMatchObject({ data: { repairStatus: 3 }, msg: '维修完成，报修单已办结' })
    row = await detail(teacher, id)
    expect(row).toMatchObject({ repairStatus: 3, repairResult: 1, task: null })
    expect(row.finishTime).toBeTruthy()
    expect(await equipmentStatus()).toBe(1)
    const history = (await admin.get('/api/assets/equipment/changes', { equipmentId })).body.data
    expect(
      history.map((h: { fromStatus: number; toStatus: number; origin: string }) => [
        h.fromStatus,
        h.toStatus,
        h.origin,
      ]),
    ).toEqual([
      [1, 3, 'repair'],
      [3, 1, 'repair'],
    ])
    expect((await staff.post(`${R}/delRep`, { query: { ids: row.records[0].id } })).body.msg).toContain(
      '只能为维修中的报修单',
    )
  })

  it('returns a request to its reporter, who edits and re-submits or withdraws it', async () => {
    const id = await report(teacher)
    await teacher.post(`${R}/sumbitTask`, { body: { id } })
    let row = await detail(staff, id)
    const noComment = await staff.post(`${R}/sumbitTask`, {
      body: { id, taskId: row.task.taskId, pass: false },
    })
    expect(noComment.body.msg).toBe('退回时请填写意见')
    await staff.post(`${R}/sumbitTask`, {
      body: { id, taskId: row.task.taskId, pass: false, comment: '请补充故障现象' },
    })
    row = await detail(teacher, id)
    expect(row.repairStatus).toBe(4)
    expect(row.task).toMatchObject({ taskDefinitionKey: 'applicant_modify', mine: true })
    expect(
      (await teacher.post(`${R}/update`, { body: { id, faultDesc: '开机后无显示，风扇不转' } })).status,
    ).toBe(200)
    expect((await teacher.post(`${R}/sumbitTask`, { body: { id } })).body.data.repairStatus).toBe(1)
    row = await detail(staff, id)
    await staff.post(`${R}/sumbitTask`, {
      body: { id, taskId: row.task.taskId, pass: false, comment: '无需维修' },
    })
    const withdrawn = await teacher.post(`${R}/sumbitTask`, { body: { id, pass: false } })
    expect(withdrawn.body).toMatchObject({ data: { repairStatus: 5 }, msg: '报修已撤销' })
    expect((await otherTeacher.post(`${R}/remove`, { query: { ids: id } })).body.msg).toBe(
      '部分报修单不存在或无权删除',
    )
    expect((await teacher.post(`${R}/remove`, { query: { ids: id } })).status).toBe(200)
  })

  it('shows teachers only their own requests; counts and exports for the office', async () => {
    const own = (await teacher.get(`${R}/repList`, { size: 50 })).body.data
    expect(own.records.every((r: { reporterName: string }) => r.reporterName === 'rep_teacher')).toBe(true)
    expect((await otherTeacher.get(`${R}/repList`)).body.data.total).toBe(0)
    expect((await otherTeacher.get(`${R}/detail`, { id: own.records[0].id })).body.msg).toBe(
      '报修单不存在或无权查看',
    )
    const picked = (await teacher.get(`${R}/equipment-select`, { keyword: '分光' })).body.data
    expect(picked).toEqual([
      expect.objectContaining({ equipmentNo: 'R0000001', equipmentName: '紫外分光光度计' }),
    ])

    const stats = (await staff.get(`${R}/repStatistics`)).body.data
    expect(stats).toMatchObject({ total: 1, done: 1, open: 0, totalCost: 480.5 })
    expect(stats.byStatus).toEqual([{ key: '3', name: '已完成', count: 1 }])
    expect(stats.byFault[0]).toMatchObject({ name: '无法开机', count: 1 })
    expect(stats.topEquipment[0]).toMatchObject({ equipmentNo: 'R0000001', count: 1 })

    const res = await t.app.inject({
      method: 'GET',
      url: `${R}/exportList`,
      headers: { authorization: basicAuth(), 'blade-auth': `bearer ${adminToken}` },
    })
    const book = XLSX.read(res.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]])
    expect(rows).toEqual([
      expect.objectContaining({
        仪器编号: 'R0000001',
        状态: '已完成',
        维修结果: '已修复',
        '维修费用(元)': 480.5,
      }),
    ])
  })
})
