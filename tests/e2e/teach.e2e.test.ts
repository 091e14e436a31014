import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { TEST_ADMIN_PASSWORD, type Api } from '../support/server'
import { addSchool, type School } from '../../src/server/teach/testing'
import { dateOfDay, dayNumber, localDateOf, mondayOf } from '../../src/shared/resources/teach/calendar'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { choose, chooseFirst, fillDate, openRegion, pickTree, row, text, toast } from './screens'

/**
 * 教学管理 through the UI against the real server: a term set up (教学参数 with its messages, 作息时间,
 * 生成节点), a teacher's project with a generated and checked 实验编号, a course plan with the lines
 * editor through 提交审核, the staff's 驳回, 退回重提 and 同意, both exports and a 计划变更, and a student booking a published project then seeing it
 * in 我的预约. The tests build on each other in order (one server per file).
 */
const t = useLabApp('teach')
/** Sign-ins and lazy screens on a busy machine. */
const STORY_TIMEOUT = 240_000

let s: School
let admin: Api
let monday = ''
const weeks = 18

const must = async (res: Promise<{ status: number; body: { msg?: string; data?: unknown } }>) => {
  const r = await res
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`)
  return r.body.data as Record<string, unknown>
}

beforeAll(async () => {
  const server = t.server.server
  s = await addSchool(server)
  admin = s.admin
  const term = await must(admin.get('/api/system/academic/detail', { id: s.termId }))
  monday = mondayOf(String(term.startDate))
  const li = server.api(s.teachers.li.token)
  for (const [name, hours] of [
    ['电路基础实验', 16],
    ['模拟电路实验', 16],
  ] as const)
    await must(
      li.post('/api/teach/teachproject/submit', {
        body: {
          experimentNumber: `0101${name === '电路基础实验' ? '801' : '802'}`,
          experimentName: name,
          experimentCategory: 1,
          experimentType: 2,
          isNetwork: 0,
          subjectCode: '0809',
          requirement: 1,
          experimenterType: 3,
          groupSize: 2,
          hours,
          labId: s.labId,
          independentCourse: 0,
          deptSerial: '01',
          status: 1,
        },
      }),
    )
  await must(
    s.staff.post('/api/teach/teachcourse/submit', {
      body: {
        courseNumber: 'EE2001',
        courseName: '电路实验',
        deptSerial: '01',
        courseCategory: 1,
        courseNature: 1,
        credit: 2,
        totalHours: 64,
        labHours: 32,
        status: 1,
      },
    }),
  )
  const course = await must(li.get('/api/teach/teachcourse/detail', { kch: 'EE2001' }))
  const projects = (await must(li.get('/api/teach/teachproject/page', { current: 1, size: 10 }))) as {
    records?: { id: string }[]
  }
  await must(
    li.post('/api/teach/teachcourseassproject/batchSubmit', {
      body: { teachCourseId: course.id, projectIds: (projects.records ?? []).map((p) => p.id) },
    }),
  )
}, STORY_TIMEOUT)

const personal = (account: string) => `${account}-Pass-1`

/** Signs another user in within a story: a fresh app (the previous one is closed). */
async function switchTo(account: string): Promise<AppHarness> {
  if (t.app) await t.app.close()
  const app = await t.launch()
  await app.signInToHome(account, personal(account))
  return app
}

describe('教学管理', () => {
  it(
    'sets up a term: 教学参数 refused on a Wednesday, saved on the Monday; 作息时间 filled; 生成节点',
    async () => {
      const app = t.app
      const page = app.page
      await app.signInToHome('admin', TEST_ADMIN_PASSWORD)
      const region = await openRegion(app, '/teach/teachparameter', '教学参数')
      await region.getByRole('tab', { name: s.termName }).waitFor()
      await region.getByRole('button', { name: '修改' }).click()
      await fillDate(region, '第一周周一', dateOfDay(dayNumber(monday) + 2))
      await region.getByRole('spinbutton', { name: /教学周数/ }).fill(String(weeks))
      await region.getByRole('button', { name: '保存' }).click()
      await toast(page, '第一周开始日期必须是星期一')
      await fillDate(region, '第一周周一', monday)
      await region.getByRole('button', { name: '保存' }).click()
      await toast(page, '教学参数已保存')
      await region.getByRole('button', { name: '修改' }).waitFor()
      // the term's first save fills in the default 作息时间: 11 sections
      await region.getByText('共 11 条').waitFor()
      await app.screenshot('teach-parameter')

      const nodes = await openRegion(app, '/teach/timenode', '时间节点')
      await nodes.getByRole('button', { name: '生成节点' }).click()
      await page.getByText(`将按教学参数生成${weeks * 5 * 11}个时间节点`).waitFor()
      await page.getByRole('button', { name: '确定' }).click()
      await toast(page, `已生成${weeks * 5 * 11}个时间节点`)
      await nodes.getByText('第1周星期一第1节').first().waitFor()
    },
    STORY_TIMEOUT,
  )

  it(
    'a teacher generates a project number, is told of a taken one on blur, and plans a course',
    async () => {
      const app = t.app
      const page = app.page
      await app.signInToHome('tT001', personal('tT001'))
      const projects = await openRegion(app, '/teach/project', '实验项目')
      await projects.getByRole('button', { name: '新增' }).click()
      const dialog = page.getByRole('dialog')
      await choose(page, dialog, /所属实验室/, '电子技术实验室（0101）')
      await dialog.getByRole('button', { name: '生成编号' }).click()
      const number = dialog.getByRole('textbox', { name: /实验编号/ })
      await expect.poll(() => number.inputValue()).toBe('0101001')
      await text(dialog, /实验名称/, '电路实验'.repeat(7))
      await number.click()
      await dialog.getByText('实验名称不能超过25个汉字（50字节）').waitFor()
      await number.fill('0101801')
      await dialog.getByRole('textbox', { name: /实验名称/ }).click()
      await dialog.getByText('实验编号已存在').waitFor()
      await number.fill('0101001')
      await text(dialog, /实验名称/, '基尔霍夫定律验证')
      await chooseFirst(page, dialog, /实验类别/)
      await chooseFirst(page, dialog, /实验类型/)
      await chooseFirst(page, dialog, /所属学科/)
      await chooseFirst(page, dialog, /实验要求/)
      await dialog.getByRole('spinbutton', { name: /每组人数/ }).fill('2')
      await dialog.getByRole('spinbutton', { name: /实验学时/ }).fill('4')
      await pickTree(page, dialog, /开课院系/, '电子信息学院')
      await app.screenshot('teach-project-form')
      await dialog.getByRole('button', { name: '保存' }).click()
      await dialog.waitFor({ state: 'detached' })
      await row(projects, '基尔霍夫定律验证').first().waitFor()

      const plans = await openRegion(app, '/teach/teachcourseplan', '课程计划')
      await plans.getByRole('button', { name: '新增' }).click()
      const form = page.getByRole('dialog')
      await choose(page, form, /学年学期/, s.termName)
      await choose(page, form, /^课程/, '电路实验')
      await choose(page, form, /主讲教师/, '李老师')
      await choose(page, form, /上课班级/, '计科2201', '计科2202')
      await form.getByRole('checkbox', { name: '选择电路基础实验' }).check()
      await form.getByRole('checkbox', { name: '选择模拟电路实验' }).check()
      await form.getByRole('spinbutton', { name: '电路基础实验学时' }).fill('16')
      await form.getByRole('spinbutton', { name: '模拟电路实验学时' }).fill('20')
      await form.getByRole('button', { name: '保存' }).click()
      await toast(page, '计划学时合计（36）超过课程实验学时（32）')
      await form.getByRole('spinbutton', { name: '模拟电路实验学时' }).fill('16')
      await app.screenshot('teach-plan-form')
      await form.getByRole('button', { name: '保存' }).click()
      await toast(page, '课程计划已保存')
      await form.waitFor({ state: 'detached' })
      await row(plans, '电路实验').getByRole('button', { name: '提交审核' }).click()
      await page.getByRole('button', { name: '确定' }).click()
      await toast(page, '已提交审核')
      await row(plans, '审核中').first().waitFor()
    },
    STORY_TIMEOUT,
  )

  it(
    'the office rejects the plan with a reason; the teacher edits and 退回重提; the office approves',
    async () => {
      let app = t.app
      let page = app.page
      await app.signInToHome('teach_staff', personal('teach_staff'))
      const audit = await openRegion(app, '/teach/teachcourseplanAudit', '课程计划审核')
      await row(audit, '电路实验').getByRole('button', { name: '审核' }).click()
      let dialog = page.getByRole('dialog')
      await dialog.getByRole('table', { name: '计划内容' }).getByText('电路基础实验').waitFor()
      await app.screenshot('teach-plan-audit')
      await dialog.getByRole('button', { name: '驳回' }).click()
      await dialog.getByText('驳回时请填写审批意见').waitFor()
      await dialog.getByRole('textbox', { name: '审批意见' }).fill('模拟电路实验学时请改为12')
      await dialog.getByRole('button', { name: '驳回' }).click()
      await toast(page, '已驳回')

      app = await switchTo('tT001')
      page = app.page
      const plans = await openRegion(app, '/teach/teachcourseplan', '课程计划')
      await row(plans, '电路实验').getByRole('button', { name: '退回重提' }).click()
      const form = page.getByRole('dialog', { name: '退回重提' })
      await form.getByRole('spinbutton', { name: '模拟电路实验学时' }).fill('12')
      await form.getByRole('button', { name: '保存' }).click()
      await toast(page, '已提交审核')
      await row(plans, '审核中').first().waitFor()

      app = await switchTo('teach_staff')
      page = app.page
      const again = await openRegion(app, '/teach/teachcourseplanAudit', '课程计划审核')
      await row(again, '电路实验').getByRole('button', { name: '审核' }).click()
      dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: '同意' }).click()
      await toast(page, '已同意')
      await again.getByRole('tab', { name: '审核记录' }).click()
      await row(again, '电路实验').getByRole('button', { name: '查看' }).first().waitFor()
    },
    STORY_TIMEOUT,
  )

  it(
    'the teacher exports the approved plan as 计划书 and 进度表, then asks for a 计划变更',
    async () => {
      const app = t.app
      const page = app.page
      await app.signInToHome('tT001', personal('tT001'))
      const plans = await openRegion(app, '/teach/teachcourseplan', '课程计划')
      const approved = row(plans, '电路实验')
      await approved.getByText('已通过').waitFor()
      const folder = mkdtempSync(join(tmpdir(), 'teach-'))
      for (const [button, title] of [
        ['导出计划书', '实验教学计划书'],
        ['导出进度表', '实验教学进度表'],
      ] as const) {
        const target = join(folder, `${title}.xlsx`)
        app.host.dialog.savePaths.push(target)
        await approved.getByRole('button', { name: button }).click()
        await toast(page, '导出成功')
        const book = XLSX.read(readFileSync(target))
        const text = book.SheetNames.map((n) => XLSX.utils.sheet_to_csv(book.Sheets[n]!)).join('\n')
        expect(text).toContain('电路基础实验')
      }

      await approved.getByRole('button', { name: '计划变更' }).click()
      const form = page.getByRole('dialog', { name: '计划变更' })
      await form.getByRole('button', { name: '保存' }).click()
      await form.getByText('请填写变更原因').waitFor()
      await form.getByRole('textbox', { name: /变更原因/ }).fill('第二周停电，模拟电路实验顺延')
      await app.screenshot('teach-plan-change')
      await form.getByRole('button', { name: '保存' }).click()
      await toast(page, '已提交审核')
      await row(plans, '审核中').first().waitFor()
    },
    STORY_TIMEOUT,
  )

  it(
    '计划导入: a file naming an unknown 工号 is refused whole; the fixed file makes draft plans',
    async () => {
      const app = t.app
      const page = app.page
      await app.signInToHome('teach_staff', personal('teach_staff'))
      const screen = await openRegion(app, '/teach/teachCoursePlanImport', '计划导入')
      const folder = mkdtempSync(join(tmpdir(), 'teach-import-'))
      const header = [
        '学年学期',
        '课程号',
        '课程名称',
        '开课院系',
        '教师工号',
        '教师姓名',
        '上课班级',
        '上课人数',
        '实验学时',
        '起止周',
        '备注',
      ]
      const line = (teacher: string, classes: string) => [
        s.termName,
        'EE2001',
        '电路实验',
        '电子信息学院',
        teacher,
        '王老师',
        classes,
        30,
        32,
        '3-16',
        '',
      ]
      const upload = async (name: string, rows: unknown[][]) => {
        const file = join(folder, `${name}.xlsx`)
        const book = XLSX.utils.book_new()
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Sheet1')
        writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
        app.host.dialog.openPaths.push(file)
        await screen.getByRole('toolbar').getByRole('button', { name: '导入' }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByRole('button', { name: '选择文件' }).click()
        await dialog.getByText(`共 ${rows.length} 行，0 行有错误`).waitFor()
        await dialog.getByRole('button', { name: '确认导入' }).click()
        return dialog
      }
      /** 王老师's plans of the term (the list has no teacher filter). */
      const plans = async () => {
        const found = (await must(
          s.staff.get('/api/teach/teachcourseplan/page', { academicYearId: s.termId, size: 100 }),
        )) as { records: { teacherName?: string; status?: number }[] }
        return found.records.filter((r) => r.teacherName === '王老师' && Number(r.status) === 0).length
      }

      const refused = await upload('bad', [line('T002', 'JK2201'), line('T999', 'JK2202')])
      await toast(page, '第3行：教师工号T999不存在。未导入任何数据')
      await app.screenshot('teach-plan-import-refused')
      expect(await plans()).toBe(0)
      await refused
        .getByRole('button', { name: /取消|关闭/ })
        .first()
        .click()

      const accepted = await upload('good', [line('T002', 'JK2201'), line('T002', 'JK2202')])
      await accepted.waitFor({ state: 'detached' })
      await expect.poll(() => row(screen, 'JK2202').count()).toBe(1)
      await app.screenshot('teach-plan-import-done')
      expect(await plans()).toBe(2)
    },
    STORY_TIMEOUT,
  )

  it(
    'a student books a slot of a published project and finds it in 我的预约',
    async () => {
      const now = new Date()
      const week = Math.floor((dayNumber(localDateOf(now)) - dayNumber(monday)) / 7) + 3
      expect(week, 'the seeded current term covers the coming weeks').toBeLessThanOrEqual(weeks)
      const stamp = (d: Date) => `${localDateOf(d)} 00:00:00`
      await must(
        admin.post('/api/experimentProject/projectparams/submit', {
          body: {
            subscribeStart: stamp(new Date(now.getTime() - 86_400_000)),
            subscribeEnd: stamp(new Date(now.getTime() + 30 * 86_400_000)),
            maxProjects: 3,
            advanceHours: 24,
            cancelHours: 24,
            allowCancel: 1,
            notice: '请提前10分钟到达实验室',
          },
        }),
      )
      await must(
        admin.post('/api/teach/teachclassroom/submit', {
          body: { roomId: s.rooms.A301, capacity: 30, status: 1 },
        }),
      )
      await must(
        admin.post('/api/experimentProject/project/submit', {
          body: {
            projectName: '示波器使用',
            academicYearId: s.termId,
            labId: s.labId,
            teacherIds: s.teachers.li.id,
            hours: 2,
            classNos: 'JK2201',
            maxSlots: 1,
          },
        }),
      )
      const found = (await must(
        admin.get('/api/experimentProject/project/page', { projectName: '示波器使用' }),
      )) as { records: { id: string }[] }
      const id = found.records[0].id
      const made = await must(
        admin.post('/api/experimentProject/projectTime/createTime', {
          body: {
            id,
            weeks: [week],
            addrList: [{ roomId: s.rooms.A301, weekday: 3, startSection: 5, endSection: 6, capacity: 30 }],
            mode: 'append',
          },
        }),
      )
      expect(made.created).toBe(1)
      await must(admin.post('/api/experimentProject/project/pushProject', { body: { ids: id, push: 1 } }))

      const app = t.app
      const page = app.page
      await app.signInToHome('s2022010101', personal('s2022010101'))
      const booking = await openRegion(app, '/experiment/subscribe', '实验项目预约')
      await booking.getByText('预约开放中').waitFor()
      await row(booking, '示波器使用').getByRole('button', { name: '选择时段' }).click()
      const slots = booking.getByRole('table', { name: '预约时段' })
      await row(slots, '可预约').getByRole('button', { name: '预约' }).click()
      await page.getByText('请提前10分钟到达实验室').waitFor()
      await page.getByRole('button', { name: '确定' }).click()
      await toast(page, '预约成功')
      await row(slots, '已预约').first().waitFor()
      await app.screenshot('experiment-subscribe')

      const mine = await openRegion(app, '/open/myBooking', '我的预约')
      await row(mine, '示波器使用').getByRole('button', { name: '取消预约' }).waitFor()
    },
    STORY_TIMEOUT,
  )
})
