import type { FieldDef } from '../../resource/types'
import { defineResource } from '../../resource/types'
import { teacherResource } from '../base/teacher'

/** A field of 教师管理, so labels, dictionaries and rules stay the roster's. */
const roster = (name: string, overrides: Partial<FieldDef> = {}): FieldDef => {
  const f = teacherResource.fields.find((x) => x.name === name)
  if (!f) throw new Error(`teacher field ${name}`)
  return { ...f, ...overrides }
}

const trainingTime = (name: string, zh: string, en: string): FieldDef => ({
  name,
  type: 'int',
  label: { zh, en },
  control: 'number',
  min: 0,
  maxValue: 999,
  default: 0,
  list: false,
})

/**
 * 实验室人员 (SJ5 专任实验室人员表): a teacher of 教师管理 assigned to one lab. The person's SJ5 fields
 * (工号 = 人员编号, 姓名, 性别, 出生日期 → 出生年月, 所属学科, 专业技术职务, 学历 → 文化程度, 专家类别)
 * live on the roster row (`base_teacher`), which this screen edits too, so SJ5 reads one place; the
 * assignment (`lab_teacher`) adds the lab (SJ5 实验室编号/名称), 专任 or 兼任 (SJ5 takes 专任, SJ6
 * 兼任人员数 counts 兼任), the post and the four SJ5 training times (months).
 */
export const labTeacherResource = defineResource({
  name: 'labteacher',
  table: 'lab_teacher',
  basePath: '/api/lab/teacher',
  label: { zh: '实验室人员', en: 'Lab staff' },
  tenant: true,
  permission: 'lab_teacher',
  routes: ['page', 'detail', 'save', 'update', 'remove'],
  dialogWidth: 960,
  exportPath: '/api/lab/teacher/page-export',
  fields: [
    roster('teacherNo', { label: { zh: '工号', en: 'Staff no.' }, unique: undefined }),
    roster('teacherName'),
    roster('sex', { required: { zh: '请选择性别', en: 'Please select the sex' } }),
    roster('birthday', { list: true, required: { zh: '请选择出生日期', en: 'Please select the birthday' } }),
    roster('deptSerial'),
    {
      name: 'labId',
      type: 'id',
      label: { zh: '所属实验室', en: 'Laboratory' },
      control: 'tree',
      remote: { url: '/api/lab/labinfo/tree', label: 'title', value: 'id', tree: true },
      required: { zh: '请选择所属实验室', en: 'Please select the laboratory' },
      search: 'equal',
    },
    {
      name: 'staffType',
      type: 'int',
      label: { zh: '人员类别', en: 'Kind' },
      control: 'select',
      options: [
        { label: { zh: '专任', en: 'Full-time' }, value: 1 },
        { label: { zh: '兼任', en: 'Part-time' }, value: 2 },
      ],
      min: 1,
      maxValue: 2,
      default: 1,
      required: { zh: '请选择人员类别', en: 'Please select the kind' },
      search: 'equal',
    },
    {
      name: 'post',
      type: 'int',
      label: { zh: '岗位', en: 'Post' },
      control: 'select',
      dict: { code: 'lab_staff_post' },
      min: 1,
      maxValue: 99,
      search: 'equal',
    },
    roster('professionCode', { required: { zh: '请选择专业技术职务', en: 'Please select the title' } }),
    roster('education', { required: { zh: '请选择学历', en: 'Please select the education' } }),
    roster('subjectCode', { list: false }),
    roster('expertCategory'),
    roster('categoryNo', { list: false }),
    roster('phone', { list: false }),
    trainingTime('domDegreeTime', '国内学历教育培训(月)', 'Domestic degree training (months)'),
    trainingTime('domOtherTime', '国内非学历教育培训(月)', 'Domestic other training (months)'),
    trainingTime('abroadDegreeTime', '国外学历教育培训(月)', 'Abroad degree training (months)'),
    trainingTime('abroadOtherTime', '国外非学历教育培训(月)', 'Abroad other training (months)'),
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: { zh: '备注', en: 'Remark' },
      control: 'textarea',
      span: 24,
      list: false,
    },
  ],
})

/** Fields of the roster row (`base_teacher`); the others are the assignment's. */
export const ROSTER_FIELDS = [
  'teacherNo',
  'teacherName',
  'sex',
  'birthday',
  'deptSerial',
  'professionCode',
  'education',
  'subjectCode',
  'expertCategory',
  'categoryNo',
  'phone',
] as const

export const ASSIGNMENT_FIELDS = [
  'labId',
  'staffType',
  'post',
  'domDegreeTime',
  'domOtherTime',
  'abroadDegreeTime',
  'abroadOtherTime',
  'remark',
] as const
