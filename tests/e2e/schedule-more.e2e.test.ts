import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ne } from 'drizzle-orm'
import type { Locator, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { academic } from '../../src/server/db/schema'
import { addScheduleFixture, type ScheduleFixture } from '../../src/server/teach/schedule/testing'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { openRegion, openTab, row, toast } from './screens'

/**
 * Scheduling stories beyond schedule.e2e.test.ts, through the UI against the real server: 生成时间,
 * the 地点/班级/学生冲突 pages (both sides, suggestions with 应用, 处理 with 处理说明), 分配学生,
 * 批量修改 and 批量冲突检测, the 实验室课表/全校课表 exports and 教学参数 refused under week 17's batches.
 * One fixture for the file; each story keeps to its own weekday (or weeks) and first removes what an
 * earlier try of it left, so it stands alone.
 */
const t = useLabApp('schedule-more', null)
const STORY = 240_000

let seeded: Promise<ScheduleFixture> | null = null
function seed() {
  seeded ??= (async () => {
    const database = t.server.server.database
    const f = await addScheduleFixture(database.db)
    await database.db.update(academic).set({ isCurrent: 0 }).where(ne(academic.id, f.termId))
    return f
  })()
  return seeded
}

async function api() {
  const server = t.server.server
  return server.api(await server.login())
}

interface Batch {
  line: string
  weeks: number[]
  weekday?: number
  sections?: [number, number]
  room: string
  teacher: string
  classNos?: string[]
  studentNos?: string[]
}

/** Saves batches through the API (the stories' starting point); answers their ids. */
async function saveBatches(f: ScheduleFixture, batches: Batch[]): Promise<string[]> {
  const body = batches.map((b) => ({
    coursePlanProjectId: f.lines[b.line],
    weeks: b.weeks,
    ...(b.weekday ? { weekday: b.weekday, startSection: b.sections![0], endSection: b.sections![1] } : {}),
    roomIds: [f.rooms[b.room]],
    teacherIds: [f.teachers[b.teacher]],
    ...(b.classNos ? { classNos: b.classNos } : {}),
    ...(b.studentNos ? { studentNos: b.studentNos } : {}),
  }))
  const saved = await (await api()).post('/api/teach/batchplan/saveList', { body })
  expect(saved.body.msg).toBe('操作成功')
  return saved.body.data.ids as string[]
}

/** Removes the term's unpublished batches a story owns (what an earlier try of it left). */
async function removeBatches(f: ScheduleFixture, owns: (b: Record<string, unknown>) => boolean) {
  const client = await api()
  const page = await client.get('/api/teach/batchplan/page', {
    academicYearId: f.termId,
    current: 1,
    size: 500,
  })
  const ids = (page.body.data.records as Record<string, unknown>[]).filter(owns).map((b) => String(b.id))
  if (ids.length)
    expect((await client.post(`/api/teach/batchplan/remove?ids=${ids.join(',')}`)).body.success).toBe(true)
}

async function asAdmin(): Promise<AppHarness> {
  const app = await t.launch()
  await app.signIn('admin', TEST_ADMIN_PASSWORD)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
  return app
}

/** Picks options of a Fluent Dropdown (a multi-select one lists checkbox items) and closes it. */
async function pickMany(page: Page, scope: Locator, label: string, ...options: string[]) {
  await scope.getByRole('combobox', { name: label }).click()
  for (const o of options) await page.getByRole('menuitemcheckbox', { name: o }).click()
  await page.keyboard.press('Escape')
}

/** Saves the next download to a fresh folder; answers the file's first sheet as rows. */
async function download(app: AppHarness, click: () => Promise<void>, name: string) {
  const target = join(mkdtempSync(join(tmpdir(), 'schedule-')), name)
  app.host.dialog.savePaths.push(target)
  await click()
  await toast(app.page, '导出成功')
  const book = XLSX.read(readFileSync(target))
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })
}

const batchList = (page: Page) => page.getByRole('table', { name: '排课管理' })
const onDay = (day: number) => (b: Record<string, unknown>) => Number(b.weekday) === day

describe('scheduling, more stories', () => {
  it(
    '生成时间 places ten batches without times and reports the ones that do not fit',
    async () => {
      const f = await seed()
      await removeBatches(f, (b) => b.projectName === '数字电路实验')
      // Ten 2-section batches of one teacher, room and class, tried on 星期五 only: five blocks fit.
      await saveBatches(
        f,
        Array.from({ length: 10 }, () => ({
          line: '数字电路实验',
          weeks: [3, 4],
          room: 'A307',
          teacher: 'T0789',
        })),
      )
      const app = await asAdmin()
      const page = app.page
      await openTab(app, '/teach/batchplan', '排课管理')
      const list = batchList(page)
      await page.getByRole('textbox', { name: '项目' }).fill('数字电路实验')
      await page.getByRole('button', { name: '查询', exact: true }).click()
      await expect.poll(() => list.getByText('未安排').count()).toBe(10)
      await list.getByRole('checkbox', { name: '全选' }).check()
      await page.getByRole('toolbar').getByRole('button', { name: '生成时间' }).click()
      const dialog = page.getByRole('dialog', { name: '生成时间' })
      for (const day of ['一', '二', '三', '四'])
        await dialog.getByRole('checkbox', { name: day, exact: true }).uncheck()
      await app.screenshot('generate times')
      await dialog.getByRole('button', { name: '生成时间' }).click()
      const result = dialog.getByTestId('generate-result')
      await result.getByText('已安排（5）').waitFor()
      await result.getByText('未能安排（5）').waitFor()
      await expect.poll(() => result.getByText(/：第3-4周星期五第1-2节$/).count()).toBe(1)
      await expect.poll(() => result.getByText(/：第3-4周星期五第9-10节$/).count()).toBe(1)
      await expect
        .poll(() =>
          result
            .getByText(/没有可用的时间（如：第3-4周星期五第1-2节 教师赵六：数字电路实验第\d+批（A307））/)
            .count(),
        )
        .toBe(5)
      await app.screenshot('generate times result')
      await dialog.getByRole('button', { name: '关闭' }).click()
      await expect.poll(() => list.getByText('星期五').count()).toBe(5)
      await expect.poll(() => list.getByText('未安排').count()).toBe(5)
    },
    STORY,
  )

  it(
    '地点冲突: the list names both batches; 查看 shows both sides; 应用 a suggested room clears it',
    async () => {
      const f = await seed()
      await removeBatches(f, onDay(1))
      const when = { weeks: [3, 4], weekday: 1, sections: [1, 2] as [number, number] }
      await saveBatches(f, [
        { ...when, line: '电路实验', classNos: ['计科2201'], room: 'A301', teacher: 'T0123' },
        { ...when, line: '模拟电子技术实验', room: 'A301', teacher: 'T0456' },
      ])
      const app = await asAdmin()
      const page = app.page
      await openTab(app, '/teach/addresscollision', '地点冲突')
      const collisions = page.getByRole('table', { name: '地点冲突' })
      const line = row(collisions, 'A301')
      await line.getByText('未处理').waitFor()
      await line.getByText(/^电路分析『电路实验·第\d+批』$/).waitFor()
      await line.getByText(/^模拟电子技术『模拟电子技术实验·第\d+批』$/).waitFor()
      await line.getByText(/房间 A301 在第3-4周星期一第1-2节被/).waitFor()
      await app.screenshot('room collisions')
      await line.getByRole('button', { name: '查看' }).click()
      const view = page.getByRole('dialog', { name: '地点冲突' })
      await view.getByText('李四', { exact: true }).waitFor()
      await view.getByText('王五', { exact: true }).waitFor()
      const suggestions = view.getByTestId('suggestions')
      const a305 = suggestions.getByRole('listitem').filter({ hasText: 'A305' })
      await a305.getByRole('button', { name: '应用' }).click()
      await toast(page, '已应用')
      await view.getByText('已消除').waitFor()
      await app.screenshot('room collision cleared')
      await view.getByRole('button', { name: '关闭' }).click()
      await expect.poll(() => row(collisions, 'A301').count()).toBe(0)
    },
    STORY,
  )

  it(
    '班级冲突: two batches of 计科2201 at once; 查看 offers free times; 应用 one clears it',
    async () => {
      const f = await seed()
      await removeBatches(f, onDay(2))
      const when = { weeks: [3, 4], weekday: 2, sections: [1, 2] as [number, number] }
      await saveBatches(f, [
        { ...when, line: '电路实验', classNos: ['计科2201'], room: 'A301', teacher: 'T0123' },
        { ...when, line: '电路实验', classNos: ['计科2201'], room: 'A305', teacher: 'T0456' },
      ])
      const app = await asAdmin()
      const page = app.page
      await openTab(app, '/teach/classcollision', '班级冲突')
      const collisions = page.getByRole('table', { name: '班级冲突' })
      const line = row(collisions, '计科2201').filter({ hasText: '星期二' })
      await line.getByText(/班级 计科2201 在第3-4周星期二第1-2节同时有/).waitFor()
      await expect.poll(() => line.getByText(/^电路分析『电路实验·第\d+批』$/).count()).toBe(2)
      await app.screenshot('class collisions')
      await line.getByRole('button', { name: '查看' }).click()
      const view = page.getByRole('dialog', { name: '班级冲突' })
      await view.getByText('A301', { exact: true }).waitFor()
      await view.getByText('A305', { exact: true }).waitFor()
      const suggestions = view.getByTestId('suggestions')
      const time = suggestions
        .getByRole('listitem')
        .filter({ hasText: /第3-4周星期/ })
        .first()
      await time.getByRole('button', { name: '应用' }).click()
      await toast(page, '已应用')
      await view.getByText('已消除').waitFor()
      await view.getByRole('button', { name: '关闭' }).click()
      await expect.poll(() => row(collisions, '星期二').count()).toBe(0)
    },
    STORY,
  )

  it(
    '分配学生 puts 张三 in two simultaneous batches: a 学生冲突 naming him, 处理 needs 处理说明',
    async () => {
      const f = await seed()
      await removeBatches(f, onDay(4))
      const no = (i: number) => `2201${String(i).padStart(2, '0')}`
      const when = { weeks: [3, 4], weekday: 4, sections: [1, 2] as [number, number] }
      await saveBatches(f, [
        {
          ...when,
          line: '电路实验',
          classNos: ['计科2201'],
          room: 'A301',
          teacher: 'T0123',
          studentNos: Array.from({ length: 15 }, (_, i) => no(i + 1)),
        },
        {
          ...when,
          line: '数字电路实验',
          classNos: ['计科2201'],
          room: 'A305',
          teacher: 'T0456',
          studentNos: Array.from({ length: 15 }, (_, i) => no(i + 16)),
        },
      ])
      const app = await asAdmin()
      const page = app.page

      // 计科2201 split between two courses' batches at the same time: nothing collides until 张三 is in both.
      await openTab(app, '/teach/batchplan', '排课管理')
      const list = batchList(page)
      await page.getByRole('combobox', { name: '星期' }).selectOption({ label: '星期四' })
      await page.getByRole('button', { name: '查询', exact: true }).click()
      const second = row(list, '王五')
      await second.getByRole('cell', { name: '15', exact: true }).waitFor()
      await expect.poll(() => list.getByText(/冲突 \d/).count()).toBe(0)
      await second.getByRole('button', { name: '分配学生' }).click()
      const assign = page.getByRole('dialog', { name: /分配学生/ })
      await assign.getByRole('tab', { name: '计科2201' }).waitFor()
      await assign.getByText('本批学生（15）').waitFor()
      await assign.getByText('其他学生（15）').waitFor()
      await assign
        .getByRole('list', { name: '其他学生' })
        .getByRole('checkbox', { name: /^220101 张三/ })
        .check()
      await assign.getByRole('button', { name: '← 加入' }).click()
      await assign.getByText('本批学生（16）').waitFor()
      await app.screenshot('assign students by class')
      await assign.getByRole('button', { name: '保存', exact: true }).click()
      await toast(page, '保存成功')
      await page
        .getByTestId('collision-notes')
        .getByText(/学生 张三（220101） 在第3-4周星期四第1-2节同时被安排在/)
        .waitFor()
      await second.getByRole('cell', { name: '16', exact: true }).waitFor()

      // 学生冲突: both sides; 处理 refuses an empty 处理说明, then the row is 已处理 and leaves 未处理.
      await openTab(app, '/teach/studentcollision', '学生冲突')
      const collisions = page.getByRole('table', { name: '学生冲突' })
      const line = row(collisions, '张三（220101）')
      await line.getByText('未处理').waitFor()
      await line.getByText(/^电路分析『电路实验·第\d+批』$/).waitFor()
      await line.getByText(/^数字电路『数字电路实验·第\d+批』$/).waitFor()
      await line.getByRole('button', { name: '查看' }).click()
      const view = page.getByRole('dialog', { name: '学生冲突' })
      await view.getByText('李四', { exact: true }).waitFor()
      await view.getByText('王五', { exact: true }).waitFor()
      await view.getByTestId('suggestions').waitFor()
      await app.screenshot('student collision view')
      await view.getByRole('button', { name: '关闭' }).click()
      await line.getByRole('button', { name: '处理' }).click()
      const handle = page.getByRole('dialog', { name: '处理' })
      await handle.getByRole('button', { name: '确定' }).click()
      await handle.getByText('请填写处理说明').waitFor()
      await handle.getByRole('textbox', { name: '处理说明' }).fill('张三两批各做一半，已与两位教师确认')
      await app.screenshot('collision handle')
      await handle.getByRole('button', { name: '确定' }).click()
      await toast(page, '处理成功')
      await expect.poll(() => line.count()).toBe(0)
      await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '已处理' })
      await line.getByText('已处理').waitFor()
      await app.screenshot('collision handled')
    },
    STORY,
  )

  it(
    '批量修改 puts two batches in one room: the reply shows the 地点冲突; 批量冲突检测 brings back a deleted row',
    async () => {
      const f = await seed()
      await removeBatches(f, (b) => onDay(3)(b) && Number(b.startSection) === 1)
      const when = { weeks: [6, 7], weekday: 3, sections: [1, 2] as [number, number] }
      await saveBatches(f, [
        { ...when, line: '电路实验', classNos: ['计科2202'], room: 'A301', teacher: 'T0123' },
        { ...when, line: '模拟电子技术实验', room: 'A305', teacher: 'T0456' },
      ])
      const app = await asAdmin()
      const page = app.page
      await openTab(app, '/teach/batchplan', '排课管理')
      const list = batchList(page)
      await page.getByRole('combobox', { name: '星期' }).selectOption({ label: '星期三' })
      await page.getByRole('button', { name: '查询', exact: true }).click()
      const mine = list.getByRole('row').filter({ hasText: '第6-7周' })
      await expect.poll(() => mine.count()).toBe(2)
      for (const r of await mine.all()) await r.getByRole('checkbox').check()
      await page.getByRole('toolbar').getByRole('button', { name: '批量修改' }).click()
      const edit = page.getByRole('dialog', { name: '批量修改（2）' })
      await pickMany(page, edit, '房间', 'A307')
      await app.screenshot('batch edit')
      await edit.getByRole('button', { name: '保存' }).click()
      await toast(page, '保存成功')
      await page
        .getByTestId('collision-notes')
        .getByText(/房间 A307 在第6-7周星期三第1-2节被/)
        .waitFor()
      await expect.poll(() => mine.filter({ hasText: 'A307' }).count()).toBe(2)
      // 批量修改 changes what it names only: 电路实验's batch keeps its one class.
      const circuit = mine.filter({ hasText: '电路实验' })
      await expect.poll(() => circuit.getByRole('cell', { name: '计科2202', exact: true }).count()).toBe(1)

      await page.getByRole('toolbar').getByRole('button', { name: '批量冲突检测' }).click()
      // The term-wide check finds what the incremental checks recorded: nothing new.
      await page
        .getByTestId('check-result')
        .getByText(/^检测\d+个排课：.*地点冲突[1-9]\d*条.*新增0条/)
        .waitFor()
      await app.screenshot('batch check')

      // A 地点冲突 row deleted by hand comes back with the next term-wide check.
      await openTab(app, '/teach/addresscollision', '地点冲突')
      const collisions = page.getByRole('table', { name: '地点冲突' })
      await row(collisions, 'A307').getByRole('button', { name: '删除' }).click()
      await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
      await toast(page, '删除成功')
      await expect.poll(() => row(collisions, 'A307').count()).toBe(0)
      await openTab(app, '/teach/batchplan', '排课管理')
      await page.getByRole('toolbar').getByRole('button', { name: '批量冲突检测' }).click()
      await page
        .getByTestId('check-result')
        .getByText(/新增1条/)
        .waitFor()
      await openTab(app, '/teach/addresscollision', '地点冲突')
      await page.getByRole('button', { name: '查询', exact: true }).click()
      await row(collisions, 'A307').getByText('未处理').waitFor()
    },
    STORY,
  )

  it(
    '实验室课表 and 全校课表 (by 院系) export what they show',
    async () => {
      const f = await seed()
      await removeBatches(f, (b) => onDay(3)(b) && Number(b.startSection) === 5)
      const ids = await saveBatches(f, [
        {
          line: '模拟电子技术实验',
          weeks: [9, 10],
          weekday: 3,
          sections: [5, 6],
          room: 'A307',
          teacher: 'T0456',
        },
      ])
      expect(
        (await (await api()).post('/api/teach/batchplan/batchSubmit', { body: { ids } })).body.success,
      ).toBe(true)
      const app = await asAdmin()
      const page = app.page

      await openTab(app, '/teach/labroomTimetable', '实验室课表')
      await row(page.getByRole('table', { name: '房间' }), 'A307').click()
      const grid = page.getByRole('table', { name: '课表' })
      await page.getByRole('combobox', { name: '周次' }).selectOption({ label: '全部周' })
      await grid.getByText('第9-10周').waitFor()
      const room = await download(
        app,
        () => page.getByRole('button', { name: '导出' }).click(),
        'A307课表.xlsx',
      )
      // 节次 × 星期: the batch in 星期三's column on the rows of 第5 and 第6节.
      const wednesday = room[0]!.indexOf('星期三')
      expect(room[0]![0]).toBe('节次')
      for (const section of ['第5节', '第6节']) {
        const line = room.find((r) => String(r[0]).startsWith(section))!
        expect(String(line[wednesday])).toMatch(/^模拟电子技术实验 第\d+批 \/ A307 \/ 软工2202 \/ 第9-10周$/)
      }
      expect(room.find((r) => String(r[0]).startsWith('第4节'))![wednesday] ?? '').toBe('')

      await openTab(app, '/teach/schoolSchedule', '全校课表')
      const school = page.getByRole('table', { name: '全校课表' })
      const dept = page.getByRole('textbox', { name: '开课院系' })
      await dept.fill('99')
      await page.getByRole('button', { name: '查询', exact: true }).click()
      await school.getByText('暂无数据').waitFor()
      await dept.fill('01')
      await page.getByRole('button', { name: '查询', exact: true }).click()
      await row(school, '第9-10周').getByText('模拟电子技术实验').waitFor()
      await app.screenshot('school schedule by college')
      const sheet = await download(
        app,
        () => page.getByRole('toolbar').getByRole('button', { name: '导出' }).click(),
        '全校课表.xlsx',
      )
      expect(sheet[0]!.slice(0, 4)).toEqual(['课程', '项目', '批次', '周次'])
      expect(sheet.some((r) => r.includes('模拟电子技术实验') && r.includes('第9-10周'))).toBe(true)
    },
    STORY,
  )

  it(
    '教学参数 with 16 weeks is refused while week 17 has a batch',
    async () => {
      const f = await seed()
      await removeBatches(f, (b) => String(b.weeks) === '17')
      await saveBatches(f, [
        {
          line: '模拟电子技术实验',
          weeks: [17],
          weekday: 5,
          sections: [9, 10],
          room: 'A305',
          teacher: 'T0456',
        },
      ])
      const app = await asAdmin()
      const page = app.page
      const region = await openRegion(app, '/teach/teachparameter', '教学参数')
      await region.getByRole('tab', { name: '2025-2026学年第一学期', selected: true }).waitFor()
      await region.getByRole('button', { name: '修改' }).click()
      await region.getByRole('spinbutton', { name: /教学周数/ }).fill('16')
      await region.getByRole('button', { name: '保存' }).click()
      await toast(page, '第17周已有1个排课，不能将教学周数改为16')
      await app.screenshot('teach parameter refused')
      await region.getByRole('button', { name: '取消' }).click()
      await region.getByRole('button', { name: '修改' }).waitFor()
      const saved = await (
        await api()
      ).get('/api/teach/teachparameter/getDetailByAcademicYearId', { academicYearId: f.termId })
      expect(Number(saved.body.data.weeks)).toBe(18)
    },
    STORY,
  )
})
