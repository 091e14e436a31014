import type { FieldDef } from '../../resource/types'
import { applyStatusOptions } from '../lab/options'
import { DATE_PATTERN, TIME_PATTERN } from '../lab/time'

/** Fields shared by the open-lab and open-base applications: the period, the weekly times, the flow. */

export const WEEKDAY_PATTERN = '^[1-7](,[1-7])*$'

export const weekdayOptions = ['一', '二', '三', '四', '五', '六', '日'].map((d, i) => ({
  label: { zh: `周${d}`, en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][i] },
  value: String(i + 1),
}))

const date = (name: string, zh: string, en: string): FieldDef => ({
  name,
  type: 'date',
  label: { zh, en },
  required: { zh: `请选择${zh}`, en: `Please select the ${en.toLowerCase()}` },
  rules: [{ pattern: DATE_PATTERN, message: { zh: `${zh}格式应为 yyyy-MM-dd`, en: 'yyyy-MM-dd' } }],
})

const time = (name: string, zh: string, en: string): FieldDef => ({
  name,
  type: 'string',
  max: 5,
  label: { zh, en },
  required: { zh: `请输入${zh}`, en: `Please enter the ${en.toLowerCase()}` },
  rules: [{ pattern: TIME_PATTERN, message: { zh: `${zh}格式应为 HH:mm`, en: 'HH:mm' } }],
})

/** 开始日期 … 每时段人数: what `generateTime` turns into dated slots. */
export const periodFields: FieldDef[] = [
  date('startDate', '开始日期', 'First day'),
  date('endDate', '结束日期', 'Last day'),
  {
    name: 'weekdays',
    type: 'string',
    max: 20,
    label: { zh: '开放星期', en: 'Weekdays' },
    control: 'multiselect',
    options: weekdayOptions,
    required: { zh: '请选择开放星期', en: 'Please select the weekdays' },
    rules: [{ pattern: WEEKDAY_PATTERN, message: { zh: '开放星期格式不正确', en: 'Invalid weekdays' } }],
    list: false,
  },
  time('startTime', '开始时间', 'From'),
  time('endTime', '结束时间', 'To'),
  {
    name: 'capacity',
    type: 'int',
    label: { zh: '每时段人数', en: 'Seats per slot' },
    control: 'number',
    min: 1,
    maxValue: 999,
    required: { zh: '请输入每时段人数', en: 'Please enter the seats per slot' },
  },
]

/** The approval columns the server writes. */
export const flowFields: FieldDef[] = [
  {
    name: 'slotCount',
    type: 'int',
    label: { zh: '时段数', en: 'Slots' },
    form: false,
  },
  {
    name: 'applicantName',
    type: 'string',
    max: 50,
    label: { zh: '申请人', en: 'Applicant' },
    form: false,
    search: 'like',
  },
  {
    name: 'status',
    type: 'int',
    label: { zh: '状态', en: 'Status' },
    control: 'select',
    options: applyStatusOptions,
    form: false,
    search: 'equal',
  },
  {
    name: 'processInstanceId',
    type: 'string',
    max: 64,
    label: { zh: '流程实例', en: 'Process' },
    form: false,
    list: false,
  },
  { name: 'applyTime', type: 'datetime', label: { zh: '申请时间', en: 'Applied' }, form: false, list: false },
  {
    name: 'approveComment',
    type: 'string',
    max: 1000,
    label: { zh: '审核意见', en: 'Comment' },
    form: false,
    list: false,
  },
]
