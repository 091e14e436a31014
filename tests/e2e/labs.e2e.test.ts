import { describe, expect, it } from 'vitest'
import { addColleges } from '../../src/server/base/testing'
import { nextId } from '../../src/server/core/ids'
import { baseStudent } from '../../src/server/db/schema'
import { addLab, addRoom } from '../../src/server/lab/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { createUser } from '../support/fixtures'
import type { Api } from '../support/server'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { openRegion, openTab, row, toast } from './screens'

/**
 * 实验室与预约 / 实验室管理 / 开放实验室 / 开放基地 through the UI: every screen of the groups opens on
 * the real server (screenshots); a teacher's booking is submitted and a clashing one refused with the
 * conflict and the free alternatives named; a student reserves an open-lab slot and finds it in 我的预约.
 */
const t = useLabApp('labs')
const SCREEN_TIMEOUT = 300_000

const ok = async (res: Promise<{ status: number; body: { msg?: string; data?: unknown } }>) => {
  const r = await res
  expect(r.status, r.body.msg).toBe(200)
  return r.body.data as Record<string, unknown>
}

let seeded: ReturnType<typeof seedOnce> | null = null
/** The labs, rooms and people of the file, written once through the real routes. */
const seed = () => (seeded ??= seedOnce())

async function seedOnce() {
  const server = t.server.server
  const admin = server.api(await server.login('admin', TEST_ADMIN_PASSWORD))
  await addColleges(server.database.db, '000000', [['0301', '电子信息学院']])
  const lab = await addLab(admin, { labName: '电工电子实验中心', deptSerial: '0301' })
  const rooms = {
    a: await addRoom(admin, { roomNo: 'D101', labId: lab.id, seats: 40 }),
    b: await addRoom(admin, { roomNo: 'D102', labId: lab.id, seats: 50 }),
  }
  const teacherUser = await createUser(server.database, { account: 'e2e_lab_teacher', roleAlias: 'teacher' })
  const teacher = server.api(await server.login(teacherUser.account, teacherUser.password))
  const staffUser = await createUser(server.database, { account: 'e2e_lab_staff', roleAlias: 'staff' })
  const staff = server.api(await server.login(staffUser.account, staffUser.password))
  for (const [roomId, monitorName] of [
    [rooms.a, 'D101前门摄像头'],
    [rooms.b, 'D102门禁控制器'],
  ])
    await ok(admin.post('/api/lab/roommonitoring/submit', { body: { roomId, monitorName, monitorType: 1 } }))
  const studentUser = await createUser(server.database, { account: '20319001', roleAlias: 'student' })
  await server.database.db
    .insert(baseStudent)
    .values({ id: nextId(), tenantId: '000000', studentNo: '20319001', studentName: '王同学' } as never)
  return { staff, teacher, teacherUser, rooms, studentUser }
}

/** A teacher's open-lab application of one slot, approved by the office; answers nothing. */
async function openLab(
  teacher: Api,
  staff: Api,
  body: { projectName: string; roomId: string; startDate: string; endDate: string; weekdays: string },
) {
  const saved = await ok(
    teacher.post('/api/open/openroomapply/submit', {
      body: { openType: 3, startTime: '14:00', endTime: '16:00', capacity: 1, ...body },
    }),
  )
  expect(saved.processInstanceId).toBeTruthy()
  const apply = (await ok(
    teacher.get('/api/open/openroomapply/page', { projectName: body.projectName, current: 1, size: 10 }),
  )) as { records: { id: string; projectName: string }[] }
  const mine = apply.records.find((r) => r.projectName === body.projectName)
  expect(mine).toBeTruthy()
  await approveOpenLab(staff, mine!.id)
}

async function approveOpenLab(staff: Api, id: string) {
  const list = await staff.get('/api/open/openroomapply/audit-list', { current: 1, size: 50 })
  const task = list.body.data.records.find((r: { businessId: string }) => r.businessId === id)
  await ok(staff.post('/api/open/openroomapply/complete-task', { body: { taskId: task.taskId, pass: true } }))
}

/**
 * 房间监控's tree: labs with their rooms; choosing a room lists that room's devices only, choosing it
 * again lists every room's.
 */
async function roomTree(app: AppHarness) {
  const screen = app.page.getByRole('navigation', { name: '实验室与房间' })
  await screen.getByText('电工电子实验中心', { exact: true }).waitFor()
  const grid = app.page.getByRole('grid', { name: '房间监控' })
  await row(grid, 'D102门禁控制器').waitFor()
  await screen.getByText('D101 房间D101', { exact: true }).click()
  await expect.poll(() => row(grid, '门禁控制器').count()).toBe(0)
  await row(grid, 'D101前门摄像头').waitFor()
}

describe('labs and open labs', () => {
  it(
    'every screen of the groups opens; a booking is submitted and a clash refused with alternatives',
    async () => {
      const { teacher, rooms } = await seed()
      const booking = (title: string) => ({
        roomId: rooms.a,
        appointmentDate: '2031-09-08',
        startTime: '08:00',
        endTime: '10:00',
        title,
        purpose: 1,
        headcount: 30,
      })
      // Two drafts of the same room and time: drafts hold nothing until submitted.
      await ok(teacher.post('/api/lab/appointment/submit', { body: booking('数字电路实验') }))
      await ok(teacher.post('/api/lab/appointment/submit', { body: booking('模拟电路实验') }))

      const app = t.app
      await app.signInToHome('admin', TEST_ADMIN_PASSWORD)
      const page = app.page
      for (const [path, title, grid] of [
        ['/lab/labinfo', '实验室信息'],
        ['/lab/labroom', '实验房间'],
        ['/lab/roommonitoring', '房间监控'],
        ['/lab/teacher', '实验室人员'],
        ['/open/openroomshare', '实验室共享'],
        ['/open/openroomrules', '开放规则'],
        ['/open/openroomapply', '开放实验室申请'],
        ['/open/openbaseapply', '开放基地申请'],
        ['/open/openroomreserve', '开放预约管理', '开放预约'],
      ] as const) {
        await openTab(app, path, title)
        await page.getByRole('grid', { name: grid ?? title }).waitFor()
        if (path === '/lab/roommonitoring') await roomTree(app)
        await app.screenshot(title)
        if (path === '/lab/labroom') {
          // 同步设备 recounts every room from the register (none of these rooms holds equipment)
          await page.getByRole('button', { name: '同步设备' }).click()
          await page.getByRole('button', { name: '确定' }).click()
          await toast(page, '同步完成')
        }
      }
      for (const [path, title] of [
        ['/lab/teacherStatistics', '队伍统计'],
        ['/lab/statistics', '实验室统计'],
        ['/open/statistics', '开放实验统计'],
        ['/open/openroomapplyAudit', '开放实验室审核'],
        ['/open/openbaseapplyAudit', '开放基地审核'],
      ] as const) {
        await openRegion(app, path, title)
        await app.screenshot(title)
      }
      const browse = await openRegion(app, '/lab/roomBrowse', '实验室浏览')
      const week = browse.getByRole('table', { name: '房间占用周历' })
      await row(week, 'D101').waitFor()
      await row(week, 'D102').waitFor()
      await app.screenshot('实验室浏览')

      const booking1 = await openRegion(app, '/lab/appointment', '实验室预约')
      const list = booking1.getByRole('grid', { name: '实验室预约' })
      await row(list, '数字电路实验').getByRole('button', { name: '提交申请' }).click()
      await toast(page, '已提交审核')
      await row(list, '数字电路实验').getByText('审核中').waitFor()
      await row(list, '模拟电路实验').getByRole('button', { name: '提交申请' }).click()
      const refusal = page.locator('.fui-Toast', { hasText: '该时段与以下安排冲突' }).first()
      await refusal.waitFor()
      expect(await refusal.textContent()).toContain('同一时段可预约的空闲房间：D102 房间D102（50座）')
      await app.screenshot('实验室预约 clash refused')
      await row(list, '模拟电路实验').getByText('草稿').waitFor()
      await booking1.getByRole('tab', { name: '房间占用' }).click()
      await booking1.getByRole('table', { name: '房间占用周历' }).waitFor()
      await app.screenshot('实验室预约 week')
    },
    SCREEN_TIMEOUT,
  )

  it(
    'a student reserves an open-lab slot and finds it in 我的预约',
    async () => {
      const { staff, teacher, rooms, studentUser } = await seed()
      await openLab(teacher, staff, {
        projectName: '电子设计兴趣实验',
        roomId: rooms.b,
        startDate: '2031-09-01',
        endDate: '2031-09-05',
        weekdays: '2',
      })

      const app = t.app
      await app.signInToHome(studentUser.account, studentUser.password)
      const page = app.page
      const reserve = await openRegion(app, '/open/reserve', '开放实验预约')
      await reserve.getByText('我的信用分：100 / 100').waitFor()
      const slots = reserve.getByRole('table', { name: '开放时段' })
      await row(slots, '电子设计兴趣实验').getByRole('button', { name: '预约' }).click()
      await toast(page, '预约成功')
      await row(slots, '电子设计兴趣实验').getByRole('button', { name: '已约满' }).waitFor()
      await app.screenshot('开放实验预约')
      const mine = await openRegion(app, '/open/myBooking', '我的预约')
      await mine.getByRole('tab', { name: '开放实验室' }).click()
      await row(mine.getByRole('table', { name: '我的开放实验预约' }), '电子设计兴趣实验')
        .getByText('已预约')
        .waitFor()
      await app.screenshot('我的预约')
    },
    SCREEN_TIMEOUT,
  )

  it(
    'a teacher finds an approved open lab in 我的开放批次; a guest browses the rooms’ week',
    async () => {
      const { staff, teacher, teacherUser, rooms } = await seed()
      await openLab(teacher, staff, {
        projectName: '单片机开放实验',
        roomId: rooms.a,
        startDate: '2031-10-06',
        endDate: '2031-10-10',
        weekdays: '3',
      })
      const app = t.app
      await app.signInToHome(teacherUser.account, teacherUser.password)
      const batches = await openRegion(app, '/open/reserveTeacher', '我的开放批次')
      await row(batches.getByRole('table', { name: '开放时段' }), '单片机开放实验')
        .getByRole('button', { name: '选择学生' })
        .waitFor()
      await app.screenshot('我的开放批次')
      await app.close()

      const server = t.server.server
      const guest = await createUser(server.database, { account: 'e2e_lab_guest', roleAlias: 'guest' })
      const visitor = await t.launch()
      await visitor.signInToHome(guest.account, guest.password)
      const browse = await openRegion(visitor, '/lab/roomBrowse', '实验室浏览')
      const week = browse.getByRole('table', { name: '房间占用周历' })
      await row(week, 'D101').waitFor()
      await row(week, 'D102').waitFor()
      await visitor.screenshot('实验室浏览 (guest)')
      await browse.getByRole('tab', { name: '实验房间' }).click()
      await browse.getByText('房间D102').first().waitFor()
      await visitor.screenshot('实验室浏览 rooms (guest)')
    },
    SCREEN_TIMEOUT,
  )
})
