import type { FieldDef, Text } from '../../resource/types'
import { defineResource } from '../../resource/types'
import { termField } from '../schedule/codes'

/**
 * 质量检查 (reports-portal.md 7): each term's 课程检查 and 实验室检查 sheets, extracted from the term's
 * batch plans and then completed by the inspectors, and 检查情况, the per-college summary of both. Rows
 * belong to a term (`academicYearId`, a 学年学期 row). Source columns are written by 抽取数据 only;
 * forms write the findings. A locked sheet refuses every write (`quality_lock`).
 */

export interface Code {
  value: number
  label: Text
}
const code = (value: number, zh: string, en: string): Code => ({ value, label: { zh, en } })

/** 检查结论 (dict `quality_result`). */
export const QUALITY_RESULT: Code[] = [
  code(1, '优秀', 'Excellent'),
  code(2, '良好', 'Good'),
  code(3, '合格', 'Pass'),
  code(4, '不合格', 'Fail'),
]
export const RESULT_FAIL = 4

/** 检查项 (dict `quality_check_item`). */
export const CHECK_ITEM: Code[] = [
  code(1, '符合', 'Meets'),
  code(2, '基本符合', 'Mostly'),
  code(3, '不符合', 'Fails'),
]

const yesNo: Code[] = [code(1, '有', 'Yes'), code(0, '无', 'No')]

/** The three sheets a term has; each locks on its own. */
export const SHEETS = ['course', 'room', 'situation'] as const
export type Sheet = (typeof SHEETS)[number]
export const SHEET_NAMES: Record<Sheet, string> = {
  course: '课程检查',
  room: '实验室检查',
  situation: '检查情况',
}

/** 全校: the summary row of the whole school. */
export const WHOLE_SCHOOL = '*'

/** Photos a room finding carries at most. */
export const MAX_PHOTOS = 9

const term = termField({ form: false, required: undefined, list: false })

/** A column 抽取数据 writes: shown in the list, never in a form. */
const source = <const N extends string, const T extends FieldDef['type']>(
  name: N,
  type: T,
  zh: string,
  en: string,
  extra: Partial<FieldDef> = {},
) => ({ ...extra, name, type, label: { zh, en }, form: false }) as FieldDef & { name: N; type: T }

const codeSelect = <const N extends string>(
  name: N,
  zh: string,
  en: string,
  codes: Code[],
  extra: Partial<FieldDef> = {},
) =>
  ({
    control: 'select',
    options: codes,
    min: Math.min(...codes.map((c) => c.value)),
    maxValue: Math.max(...codes.map((c) => c.value)),
    ...extra,
    name,
    type: 'int',
    label: { zh, en },
  }) as FieldDef & { name: N; type: 'int' }

const text = <const N extends string>(name: N, zh: string, en: string) =>
  ({
    name,
    type: 'string',
    max: 1000,
    label: { zh, en },
    control: 'textarea',
    span: 24,
    list: false,
  }) as FieldDef & { name: N; type: 'string' }

const dateField = <const N extends string>(name: N, zh: string, en: string, extra: Partial<FieldDef> = {}) =>
  ({ control: 'date', ...extra, name, type: 'date', label: { zh, en } }) as FieldDef & {
    name: N
    type: 'date'
  }

const findings = <const E extends readonly FieldDef[]>(extra: E) =>
  [
    codeSelect('result', '检查结论', 'Result', QUALITY_RESULT, { search: 'equal' }),
    ...extra,
    text('problems', '存在问题', 'Problems'),
    {
      name: 'inspector' as const,
      type: 'string' as const,
      max: 50,
      label: { zh: '检查人', en: 'Inspector' },
    },
    dateField('inspectDate', '检查日期', 'Inspected on'),
  ] as const

const sourceMissing = source('sourceMissing', 'int', '来源数据', 'Source', {
  options: [code(0, '正常', 'Present'), code(1, '来源数据已删除', 'Source deleted')],
  columnWidth: 110,
})

/** 课程检查: one row per course with batches in the term (unique (academicYearId, courseId)). */
export const courseInspectionResource = defineResource({
  name: 'inspectioncourse',
  table: 'quality_inspection_course',
  basePath: '/api/quality/inspectioncourse',
  label: { zh: '课程检查', en: 'Course inspection' },
  tenant: true,
  permission: 'quality_inspectioncourse',
  routes: ['page', 'detail', 'submit'],
  actions: { add: false, delete: false, view: false },
  dialogWidth: 800,
  defaultSort: { field: 'courseNumber' },
  fields: [
    term,
    source('courseId', 'id', '课程', 'Course', { list: false }),
    source('courseNumber', 'string', '课程号', 'Course no.', { max: 20, search: 'like', columnWidth: 100 }),
    source('courseName', 'string', '课程名称', 'Course', { max: 100, search: 'like' }),
    source('collegeSerialNum', 'string', '院系号', 'College no.', { max: 20, list: false, search: 'equal' }),
    source('collegeName', 'string', '开课学院', 'College', { max: 100 }),
    source('teacherNames', 'string', '任课教师', 'Teachers', { max: 500 }),
    source('classNos', 'string', '班级', 'Classes', { max: 1000, list: false }),
    source('plannedProjects', 'int', '实验项目数', 'Projects', { list: false }),
    source('plannedBatches', 'int', '计划批次', 'Planned batches', { columnWidth: 80 }),
    source('plannedHours', 'int', '计划学时', 'Planned hours', { list: false }),
    source('doneBatches', 'int', '已开批次', 'Done batches', { columnWidth: 80 }),
    source('openRate', 'decimal', '开出率(%)', 'Open rate (%)', { columnWidth: 90 }),
    codeSelect('hasSyllabus', '实验教学大纲', 'Syllabus', yesNo, { list: false, span: 8 }),
    codeSelect('hasGuide', '实验指导书', 'Guide', yesNo, { list: false, span: 8 }),
    codeSelect('hasSchedule', '实验课表', 'Timetable', yesNo, { list: false, span: 8 }),
    codeSelect('hasReports', '实验报告批改', 'Reports marked', yesNo, { list: false, span: 12 }),
    codeSelect('hasRecords', '考勤记录', 'Attendance', yesNo, { list: false, span: 12 }),
    ...findings([text('suggestion', '整改建议', 'Suggestion')]),
    sourceMissing,
  ],
})

/** 实验室检查: one row per room of the term (unique (academicYearId, roomId)); 新增 adds any lab room. */
export const roomInspectionResource = defineResource({
  name: 'inspectionroom',
  table: 'quality_inspection_room',
  basePath: '/api/quality/inspectionroom',
  label: { zh: '实验室检查', en: 'Room inspection' },
  tenant: true,
  permission: 'quality_inspectionroom',
  dialogWidth: 900,
  defaultSort: { field: 'roomNo' },
  fields: [
    term,
    {
      name: 'roomId' as const,
      type: 'id' as const,
      label: { zh: '房间', en: 'Room' },
      control: 'select',
      remote: { url: '/api/quality/inspectionroom/roomOptions', label: 'label', value: 'id' },
      required: { zh: '请选择房间', en: 'Please select the room' },
      list: false,
      span: 24,
    },
    source('roomNo', 'string', '房间编号', 'Room no.', { max: 20, search: 'like', columnWidth: 100 }),
    source('roomName', 'string', '房间名称', 'Room', { max: 50, search: 'like' }),
    source('labCode', 'string', '实验室编号', 'Lab no.', { max: 20, list: false }),
    source('labName', 'string', '所属实验室', 'Laboratory', { max: 100 }),
    source('collegeSerialNum', 'string', '院系号', 'College no.', { max: 20, list: false, search: 'equal' }),
    source('collegeName', 'string', '所属学院', 'College', { max: 100 }),
    source('manager', 'string', '管理员', 'Keeper', { max: 50, list: false }),
    source('batchCount', 'int', '本学期批次', 'Batches', { columnWidth: 90 }),
    codeSelect('safety', '安全', 'Safety', CHECK_ITEM, { span: 8, list: false }),
    codeSelect('hygiene', '卫生', 'Hygiene', CHECK_ITEM, { span: 8, list: false }),
    codeSelect('equipmentState', '设备状况', 'Equipment', CHECK_ITEM, { span: 8, list: false }),
    codeSelect('records', '运行记录', 'Records', CHECK_ITEM, { span: 8, list: false }),
    codeSelect('signage', '制度标识', 'Signage', CHECK_ITEM, { span: 8, list: false }),
    ...findings([
      text('rectifyRequirement', '整改要求', 'Rectification'),
      dateField('rectifyDeadline', '整改期限', 'Due', { list: false }),
      codeSelect('rectified', '已整改', 'Rectified', [code(1, '是', 'Yes'), code(0, '否', 'No')], {
        default: 0,
      }),
      dateField('rectifyDate', '整改日期', 'Rectified on', { list: false }),
      {
        name: 'photoIds' as const,
        type: 'ids' as const,
        label: { zh: '现场照片', en: 'Photos' },
        list: false,
        // the screen's photo control, under the generated fields (also in 查看)
        form: false,
      },
    ]),
    sourceMissing,
  ],
})

/** 检查情况: one row per college and one 全校 row (`collegeSerialNum` '*'), computed by 抽取数据. */
export const situationResource = defineResource({
  name: 'inspectionsituation',
  table: 'quality_inspection_situation',
  basePath: '/api/quality/inspectionsituation',
  label: { zh: '检查情况', en: 'Inspection findings' },
  tenant: true,
  permission: 'quality_inspectionsituation',
  routes: ['page'],
  actions: { add: false, edit: false, delete: false, view: false },
  defaultSort: { field: 'collegeSerialNum' },
  fields: [
    term,
    source('collegeSerialNum', 'string', '院系号', 'College no.', { max: 20 }),
    source('collegeName', 'string', '学院', 'College', { max: 100 }),
    source('courseTotal', 'int', '课程数', 'Courses'),
    source('courseInspected', 'int', '已检查课程', 'Inspected'),
    source('courseExcellent', 'int', '优秀', 'Excellent'),
    source('courseGood', 'int', '良好', 'Good'),
    source('coursePass', 'int', '合格', 'Pass'),
    source('courseFail', 'int', '不合格', 'Fail'),
    source('avgOpenRate', 'decimal', '平均开出率(%)', 'Avg open rate (%)'),
    source('roomTotal', 'int', '房间数', 'Rooms'),
    source('roomInspected', 'int', '已检查房间', 'Rooms inspected'),
    source('roomFail', 'int', '不合格房间', 'Rooms failed'),
    source('problemCount', 'int', '问题数', 'Problems'),
    source('rectifiedCount', 'int', '已整改', 'Rectified'),
    source('rectifyRate', 'decimal', '整改率(%)', 'Rectify rate (%)'),
  ],
})
