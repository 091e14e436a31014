import { defineResource } from '../../resource/types'
import { optionsOf } from '../teach/common'
import { WEEKDAY_OPTIONS } from '../teach/codes'
import { ADJUST_STATUS_OPTIONS, ADJUST_TYPE_OPTIONS, serverField, termField } from './codes'

/**
 * 调课申请 (teach_batch_plan_adjust, teaching.md 7): move occurrences of a published batch to other
 * weeks, time, rooms or teachers, approved through flow `teachadjust`. `orig*` snapshot the batch at
 * save. The routes are hand-written (save, update, submit, timeListAdjust, …).
 */
export const adjustResource = defineResource({
  name: 'teachbatchplanadjust',
  table: 'teach_batch_plan_adjust',
  basePath: '/api/teach/teachbatchplanadjust',
  label: { zh: '调课申请', en: 'Adjustment requests' },
  tenant: true,
  permission: 'teach_adjust',
  routes: [],
  dialogWidth: 1100,
  fields: [
    termField({ required: undefined, form: false }),
    { name: 'batchPlanId', type: 'id', label: { zh: '排课', en: 'Batch' }, list: false },
    {
      name: 'batchName',
      type: 'string',
      max: 200,
      label: { zh: '排课', en: 'Batch' },
      search: 'like',
      form: false,
      columnWidth: 200,
    },
    serverField('courseName', 'string', '课程', 'Course', 100),
    { name: 'adjustWeeks', type: 'string', max: 100, label: { zh: '调整周次', en: 'Weeks moved' } },
    { name: 'newWeeks', type: 'string', max: 100, label: { zh: '调整后周次', en: 'New weeks' } },
    {
      name: 'newWeekday',
      type: 'int',
      label: { zh: '调整后星期', en: 'New weekday' },
      control: 'select',
      options: optionsOf(WEEKDAY_OPTIONS),
    },
    {
      name: 'newStartSection',
      type: 'int',
      label: { zh: '调整后开始节次', en: 'New from section' },
      list: false,
    },
    {
      name: 'newEndSection',
      type: 'int',
      label: { zh: '调整后结束节次', en: 'New to section' },
      list: false,
    },
    { name: 'newRoomIds', type: 'ids', label: { zh: '调整后房间', en: 'New rooms' }, list: false },
    { name: 'newTeacherIds', type: 'ids', label: { zh: '调整后教师', en: 'New teachers' }, list: false },
    serverField('origWeeks', 'string', '原周次', 'Original weeks', 100),
    serverField('origWeekday', 'int', '原星期', 'Original weekday'),
    serverField('origStartSection', 'int', '原开始节次', 'Original from section'),
    serverField('origEndSection', 'int', '原结束节次', 'Original to section'),
    serverField('origRoomIds', 'ids', '原房间', 'Original rooms'),
    serverField('origTeacherIds', 'ids', '原教师', 'Original teachers'),
    {
      name: 'adjustType',
      type: 'int',
      label: { zh: '调课类型', en: 'Type' },
      control: 'select',
      options: optionsOf(ADJUST_TYPE_OPTIONS),
      form: false,
      search: 'equal',
    },
    {
      name: 'reason',
      type: 'string',
      max: 500,
      label: { zh: '调课原因', en: 'Reason' },
      required: { zh: '请填写调课原因', en: 'Please give the reason' },
      control: 'textarea',
      span: 24,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: optionsOf(ADJUST_STATUS_OPTIONS),
      search: 'equal',
      form: false,
    },
    serverField('applicantName', 'string', '申请人', 'Applicant', 50),
    serverField('processInstanceId', 'string', '流程实例', 'Process instance', 64),
    serverField('resultBatchPlanId', 'id', '调整结果', 'Resulting batch'),
    serverField('submitTime', 'datetime', '提交时间', 'Submitted'),
    serverField('approveTime', 'datetime', '通过时间', 'Approved'),
  ],
})
