import type { FieldDef } from '../../resource/types'
import { academicYearField } from '../teach/common'
import type { CodeOption } from '../teach/codes'

const option = (value: number, zh: string, en: string): CodeOption => ({ value, label: { zh, en } })

/** 排课任务 (teach_new_batch_plan) status (teaching.md 4). */
export const TASK_STATUS = { pending: 0, scheduling: 1, confirmed: 2, deferred: 3 } as const
export const TASK_STATUS_OPTIONS: CodeOption[] = [
  option(0, '待排', 'To schedule'),
  option(1, '排课中', 'Scheduling'),
  option(2, '已确认', 'Confirmed'),
  option(3, '暂不排', 'Deferred'),
]

/** 排课 (teach_batch_plan) status. */
export const BATCH_STATUS = { draft: 0, submitted: 1, published: 2 } as const
export const BATCH_STATUS_OPTIONS: CodeOption[] = [
  option(0, '未提交', 'Not submitted'),
  option(1, '已提交', 'Submitted'),
  option(2, '已发布', 'Published'),
]

/** Collision rows: 0 未处理, 1 已处理, 2 已消除 (teaching.md 5). */
export const COLLISION_STATUS = { open: 0, handled: 1, cleared: 2 } as const
export const COLLISION_STATUS_OPTIONS: CodeOption[] = [
  option(0, '未处理', 'Open'),
  option(1, '已处理', 'Handled'),
  option(2, '已消除', 'Cleared'),
]

/** 调课申请 status (flow `teachadjust`, teaching.md 7). */
export const ADJUST_STATUS = { draft: 0, inApproval: 1, returned: 2, approved: 3, cancelled: 4 } as const
export const ADJUST_STATUS_OPTIONS: CodeOption[] = [
  option(0, '草稿', 'Draft'),
  option(1, '审核中', 'In approval'),
  option(2, '已退回', 'Returned'),
  option(3, '已通过', 'Approved'),
  option(4, '已撤销', 'Cancelled'),
]

/** 调课类型: derived from what changes. */
export const ADJUST_TYPE_OPTIONS: CodeOption[] = [
  option(1, '时间', 'Time'),
  option(2, '地点', 'Room'),
  option(3, '教师', 'Teacher'),
  option(4, '综合', 'Combined'),
]

export const COLLISION_KIND_LABELS = {
  teacher: { zh: '教师冲突', en: 'Teacher collisions' },
  room: { zh: '地点冲突', en: 'Room collisions' },
  class: { zh: '班级冲突', en: 'Class collisions' },
  student: { zh: '学生冲突', en: 'Student collisions' },
} as const

/**
 * A server-set column kept out of forms and lists, typed by its literal name and type (so the table's
 * column types follow, unlike a widened FieldDef).
 */
export const serverField = <
  const N extends string,
  const T extends 'id' | 'int' | 'string' | 'text' | 'ids' | 'datetime',
>(
  name: N,
  type: T,
  zh: string,
  en: string,
  max?: number,
) => ({ name, type, ...(max ? { max } : {}), label: { zh, en }, form: false, list: false }) as const

/** 学年学期 as a typed column (the teach area's field, its name and type kept literal). */
export const termField = (overrides: Partial<FieldDef> = {}) =>
  ({ ...academicYearField(overrides), name: 'academicYearId', type: 'id' }) as const
