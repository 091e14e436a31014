import { formatWhen, maskToWeeks } from '../../../../shared/resources/schedule/weeks'
import type { Collision } from './engine'

/** How a batch plan is named in a sentence: 『电路实验·第1批』（计科2201，A301）. */
export interface BatchLabel {
  projectName: string
  batchNo: number
  classNames: readonly string[]
  roomNames: readonly string[]
}

/** Names of the parties a collision can be about. */
export interface PartyNames {
  teacher: (id: string) => { name: string; no: string } | undefined
  room: (id: string) => string | undefined
  className: (classNo: string) => string | undefined
  student: (studentNo: string) => string | undefined
}

export const batchTitle = (b: Pick<BatchLabel, 'projectName' | 'batchNo'>): string =>
  `『${b.projectName}·第${b.batchNo}批』`

export function batchLabel(b: BatchLabel): string {
  const where = [b.classNames.join('、'), b.roomNames.join('、')].filter(Boolean).join('，')
  return where ? `${batchTitle(b)}（${where}）` : batchTitle(b)
}

const personName = (name: string | undefined, no: string): string => (name ? `${name}（${no}）` : no)

/** The party as the list's 冲突对象 column shows it: 李四（T0123）, A301, 计科2201, 张三（2022010101）等5人. */
export function partyName(c: Collision, names: PartyNames): string {
  switch (c.kind) {
    case 'teacher': {
      const t = names.teacher(c.partyKey)
      return t ? personName(t.name, t.no) : c.partyKey
    }
    case 'room':
      return names.room(c.partyKey) ?? c.partyKey
    case 'class':
      return names.className(c.partyKey) ?? c.partyKey
    case 'student': {
      const list = c.studentNos ?? []
      const first = list[0] ?? ''
      const one = personName(names.student(first), first)
      return list.length > 1 ? `${one}等${list.length}人` : one
    }
  }
}

/**
 * The one sentence that says why (teaching.md 5):
 * 教师 李四（T0123）在第3-4周星期二第1-2节同时安排了『电路实验·第1批』（计科2201，A301）和『…』（…）.
 */
export function describeCollision(c: Collision, a: BatchLabel, b: BatchLabel, names: PartyNames): string {
  const when = formatWhen(maskToWeeks(c.weekMask), c.weekday, c.startSection, c.endSection)
  const who = partyName(c, names)
  const [la, lb] = [batchLabel(a), batchLabel(b)]
  switch (c.kind) {
    case 'teacher':
      return `教师 ${who}在${when}同时安排了${la}和${lb}`
    case 'room':
      return `房间 ${who} 在${when}被${la}和${lb}同时占用`
    case 'class':
      return `班级 ${who} 在${when}同时有${la}和${lb}`
    case 'student':
      return `学生 ${who} 在${when}同时被安排在${la}和${lb}`
  }
}
