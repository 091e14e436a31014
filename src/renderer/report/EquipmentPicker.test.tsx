import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ApiCallRequest } from '../../shared/ipc/api'
import type { PickableEquipment } from '../../shared/api/report'
import { EquipmentPicker } from './EquipmentPicker'

/**
 * The picker against a stand-in for main's IPC bridge (`window.api`, the renderer's only way out):
 * the register below answers the picker's three calls the way the server does (filters, paging,
 * 已导入 marks, the matching ids not yet in the task), and every request is kept for the assertions.
 */
const item = (no: string, name: string, more: Partial<PickableEquipment> = {}): PickableEquipment => ({
  id: `9${no}`,
  equipmentNo: no,
  equipmentName: name,
  classCode: '03040501',
  model: 'M1',
  unitPrice: '2000.00',
  purchaseDate: '2024-10-01',
  statusCode: '1',
  unitCode: '01',
  unitName: '计算机学院',
  imported: false,
  ...more,
})

const REGISTER = [
  item('24000001', '数字示波器', { imported: true }),
  item('24000002', '信号发生器'),
  item('24000003', '频谱分析仪'),
  ...Array.from({ length: 12 }, (_, i) => item(`2500${String(i).padStart(4, '0')}`, `学生计算机${i + 1}`)),
]

let calls: ApiCallRequest[]

function matching(query: Record<string, unknown>) {
  const keyword = String(query.keyword ?? '')
  return REGISTER.filter(
    (e) => !keyword || e.equipmentName!.includes(keyword) || e.equipmentNo.includes(keyword),
  )
}

async function answer(req: ApiCallRequest): Promise<unknown> {
  calls.push(req)
  const query = (req.query ?? {}) as Record<string, unknown>
  if (req.path === '/api/report/sj1/equipment-page') {
    const all = matching(query)
    const current = Number(query.current ?? 1)
    const size = Number(query.size ?? 10)
    return {
      records: all.slice((current - 1) * size, current * size),
      total: all.length,
      current,
      size,
      pages: Math.ceil(all.length / size),
    }
  }
  if (req.path === '/api/report/sj1/equipment-ids') {
    const all = matching(query)
    return { ids: all.filter((e) => !e.imported).map((e) => e.id), total: all.length }
  }
  if (req.path === '/api/report/sj1/saveImportEquipment') {
    const body = req.body as { equipments: string[] }
    return { added: body.equipments.length, skipped: [] }
  }
  throw { message: `unexpected ${req.path}`, status: 404, silent: true }
}

beforeEach(() => {
  calls = []
  ;(window as unknown as { api: unknown }).api = { api: { call: answer } }
})
afterEach(cleanup)

function open() {
  const outcome = { imported: 0, closed: 0 }
  render(
    <FluentProvider theme={webLightTheme}>
      <EquipmentPicker
        scope={{ taskSerialNum: 'RW2024', collegeSerialNum: '01' }}
        onClose={() => outcome.closed++}
        onImported={() => outcome.imported++}
      />
    </FluentProvider>,
  )
  return outcome
}

const lastCall = (path: string) => calls.filter((c) => c.path === path).at(-1)!

describe('导入设备 picker', () => {
  it(
    'lists the register page by page, marks 已导入 items and leaves them unpickable',
    { timeout: 30_000 },
    async () => {
      open()
      const table = await screen.findByRole('table', { name: '设备列表' })
      await within(table).findByText('数字示波器')
      expect(lastCall('/api/report/sj1/equipment-page').query).toMatchObject({
        taskSerialNum: 'RW2024',
        collegeSerialNum: '01',
        units: 'college',
        current: 1,
        size: 10,
      })
      expect(within(table).getByText('已导入')).toBeTruthy()
      expect((screen.getByRole('checkbox', { name: '选择24000001' }) as HTMLInputElement).disabled).toBe(true)
      expect(screen.getByText('共 15 条', { exact: false })).toBeTruthy()

      // 全选本页 picks the nine pickable items of the first page
      fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }))
      expect(screen.getByText('已选9台')).toBeTruthy()
      expect((screen.getByRole('checkbox', { name: '选择24000002' }) as HTMLInputElement).checked).toBe(true)
    },
  )

  it(
    'sends the filters on 查询 and picks every matching item with 全选匹配项',
    { timeout: 30_000 },
    async () => {
      open()
      await screen.findByText('数字示波器')
      fireEvent.change(screen.getByRole('textbox', { name: '分类号' }), { target: { value: '03a04' } })
      fireEvent.change(screen.getByRole('textbox', { name: '仪器名称或编号' }), {
        target: { value: '学生计算机' },
      })
      fireEvent.click(screen.getByRole('button', { name: '查询' }))
      await waitFor(() => expect(screen.queryByText('数字示波器')).toBeNull())
      expect(lastCall('/api/report/sj1/equipment-page').query).toMatchObject({
        classCode: '0304',
        keyword: '学生计算机',
        current: 1,
      })
      fireEvent.click(screen.getByRole('button', { name: '全选匹配项' }))
      await screen.findByText('已选12台')
      expect(lastCall('/api/report/sj1/equipment-ids').query).toMatchObject({ keyword: '学生计算机' })
    },
  )

  it('imports the picked items for the scope and reports back', { timeout: 30_000 }, async () => {
    const outcome = open()
    await screen.findByText('数字示波器')
    expect((screen.getByRole('button', { name: '导入' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: '选择24000002' }))
    fireEvent.click(screen.getByRole('checkbox', { name: '选择24000003' }))
    fireEvent.click(screen.getByRole('button', { name: '导入' }))
    await waitFor(() => expect(outcome.imported).toBe(1))
    expect(lastCall('/api/report/sj1/saveImportEquipment').body).toEqual({
      taskSerialNum: 'RW2024',
      collegeSerialNum: '01',
      equipments: ['924000002', '924000003'],
    })
  })
})
