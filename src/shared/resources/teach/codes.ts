import type { Text } from '../../resource/types'

/**
 * Fixed code lists of teaching. The SJ4 codes (实验类别, 实验类型, 实验要求, 实验者类别) are statutory
 * (moe-reports.md section 5): defined once here, offered as selects by the forms, written as labels by
 * exports and read back from label or code by imports, and reused by the SJ4 report.
 */
export interface CodeOption {
  label: Text
  value: number
}

const option = (value: number, zh: string, en: string): CodeOption => ({ value, label: { zh, en } })

/** SJ4 field 4 实验类别. */
export const EXPERIMENT_CATEGORY: CodeOption[] = [
  option(1, '基础', 'Basic'),
  option(2, '专业基础', 'Professional basic'),
  option(3, '专业', 'Professional'),
  option(4, '其它', 'Other'),
]

/** SJ4 field 5 实验类型 (a network experiment appends "*" in the report). */
export const EXPERIMENT_TYPE: CodeOption[] = [
  option(1, '演示性', 'Demonstration'),
  option(2, '验证性', 'Verification'),
  option(3, '综合性', 'Comprehensive'),
  option(4, '设计研究', 'Design / research'),
  option(5, '其它', 'Other'),
]

/** SJ4 field 7 实验要求. */
export const EXPERIMENT_REQUIREMENT: CodeOption[] = [
  option(1, '必修', 'Compulsory'),
  option(2, '选修', 'Elective'),
  option(3, '其它', 'Other'),
]

/** SJ4 field 8 实验者类别 (the same codes as a student's 学生类别). */
export const EXPERIMENTER_TYPE: CodeOption[] = [
  option(1, '博士生', 'Doctoral'),
  option(2, '硕士生', 'Master'),
  option(3, '本科生', 'Undergraduate'),
  option(4, '专科生', 'Junior college'),
  option(5, '其它', 'Other'),
]

/** 课程性质. */
export const COURSE_NATURE: CodeOption[] = [
  option(1, '必修', 'Compulsory'),
  option(2, '选修', 'Elective'),
  option(3, '其他', 'Other'),
]

/** 课程类别: dictionary `teach_course_category` (seeded with these; 3 and 4 are left out of SJ4). */
export const COURSE_CATEGORY_DICT = 'teach_course_category'
export const COURSE_CATEGORY: CodeOption[] = [
  option(1, '理论课（含实验）', 'Theory (with experiments)'),
  option(2, '独立设课实验课', 'Independent lab course'),
  option(3, '课程设计', 'Course design'),
  option(4, '毕业设计（论文）', 'Graduation project'),
  option(5, '实习实训', 'Internship / practice'),
  option(6, '其他', 'Other'),
]
/** Course categories whose projects SJ4 leaves out (课程设计, 毕业设计). */
export const COURSE_CATEGORIES_OUTSIDE_SJ4 = [3, 4]

/** 启用 / 停用 of projects, courses and rooms. */
export const ENABLED_OPTIONS: CodeOption[] = [option(1, '启用', 'Enabled'), option(0, '停用', 'Disabled')]

export const YES_NO: CodeOption[] = [option(0, '否', 'No'), option(1, '是', 'Yes')]

/** 节次所属时段: follows from the term's morning / afternoon / evening section counts. */
export const PERIOD_OPTIONS: CodeOption[] = [
  option(1, '上午', 'Morning'),
  option(2, '下午', 'Afternoon'),
  option(3, '晚上', 'Evening'),
]

export const WEEKDAY_OPTIONS: CodeOption[] = [
  option(1, '星期一', 'Monday'),
  option(2, '星期二', 'Tuesday'),
  option(3, '星期三', 'Wednesday'),
  option(4, '星期四', 'Thursday'),
  option(5, '星期五', 'Friday'),
  option(6, '星期六', 'Saturday'),
  option(7, '星期日', 'Sunday'),
]

/** 课程计划 status (flow `teachplan`). */
export const PLAN_STATUS = { draft: 0, inApproval: 1, returned: 2, approved: 3, revoked: 4 } as const
export const PLAN_STATUS_OPTIONS: CodeOption[] = [
  option(0, '草稿', 'Draft'),
  option(1, '审核中', 'In approval'),
  option(2, '已退回', 'Returned'),
  option(3, '已通过', 'Approved'),
  option(4, '已撤销', 'Revoked'),
]

/** The zh label of a code, or the code itself when unknown. */
export const labelOfCode = (options: CodeOption[], value: unknown): string =>
  options.find((o) => String(o.value) === String(value))?.label.zh ?? (value == null ? '' : String(value))

/** A code from its zh/en label or the code itself (imports); undefined when neither. */
export function codeOfLabel(options: CodeOption[], text: unknown): number | undefined {
  const s = String(text ?? '').trim()
  if (!s) return undefined
  const hit = options.find((o) => o.label.zh === s || o.label.en === s || String(o.value) === s)
  return hit?.value
}
