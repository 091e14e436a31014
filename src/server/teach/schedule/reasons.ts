import type { Clash } from './collision/busy'
import { splitList, type CheckRow, type PlanRecord } from './load'
import type { Names } from './names'

/**
 * A busy cell's reason (teaching.md 5.1): 教师李四：电路实验第1批（A301）, 房间A301：…, 班级计科2201：…,
 * 学生张三等3人：….
 */
export function reasonOf(names: Names, rows: Map<string, CheckRow>) {
  return (clash: Clash): string => {
    const row = rows.get(clash.other.id)
    const what = row
      ? `${row.projectName ?? ''}第${row.batchNo}批（${names.roomNames(splitList(row.roomIds)).join('、')}）`
      : ''
    switch (clash.kind) {
      case 'teacher':
        return `教师${names.teacher(clash.partyKey)?.name ?? clash.partyKey}：${what}`
      case 'room':
        return `房间${names.room(clash.partyKey) ?? clash.partyKey}：${what}`
      case 'class':
        return `班级${names.className(clash.partyKey) ?? clash.partyKey}：${what}`
      case 'student': {
        const list = clash.students ?? [clash.partyKey]
        const first = names.student(list[0]) ?? list[0]
        return `学生${first}${list.length > 1 ? `等${list.length}人` : ''}：${what}`
      }
    }
  }
}

export const rowsById = (plans: readonly PlanRecord[]) => new Map(plans.map((p) => [p.id, p.row]))
