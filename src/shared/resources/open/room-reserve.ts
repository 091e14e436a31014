import { defineResource } from '../../resource/types'

/** States of a reservation; 爽约 and 迟到 cost credit points (开放规则). */
export const RESERVE_STATUS = { booked: 1, cancelled: 2, attended: 3, noShow: 4, late: 5 } as const

/**
 * 开放实验预约 (`open_room_reserve`): one student's seat in one slot of an approved 开放实验室申请.
 * Students reserve themselves (学号 = their account); teachers add students to their own slots; staff
 * add, mark attendance (签到/爽约/迟到) and remove.
 */
export const openRoomReserveResource = defineResource({
  name: 'openroomreserve',
  table: 'open_room_reserve',
  basePath: '/api/open/openroomreserve',
  label: { zh: '开放预约', en: 'Open lab reservations' },
  tenant: true,
  permission: 'open_reservemanage',
  routes: ['page', 'list', 'detail', 'save', 'remove'],
  actions: { edit: false },
  defaultSort: { field: 'slotDate', desc: true },
  fields: [
    {
      name: 'slotId',
      type: 'id',
      label: { zh: '开放时段', en: 'Slot' },
      control: 'select',
      remote: { url: '/api/open/openroomreserve/batch-list', label: 'label', value: 'id' },
      required: { zh: '请选择开放时段', en: 'Please select the slot' },
      list: false,
    },
    { name: 'applyId', type: 'id', label: { zh: '开放申请', en: 'Application' }, form: false, list: false },
    { name: 'roomId', type: 'id', label: { zh: '房间', en: 'Room' }, form: false, list: false },
    {
      name: 'projectName',
      type: 'string',
      max: 100,
      label: { zh: '开放项目', en: 'Project' },
      form: false,
      search: 'like',
    },
    { name: 'roomName', type: 'string', max: 100, label: { zh: '房间', en: 'Room' }, form: false },
    {
      name: 'slotDate',
      type: 'date',
      label: { zh: '日期', en: 'Date' },
      form: false,
      search: 'daterange',
      sortable: true,
    },
    { name: 'startTime', type: 'string', max: 5, label: { zh: '开始时间', en: 'From' }, form: false },
    { name: 'endTime', type: 'string', max: 5, label: { zh: '结束时间', en: 'To' }, form: false },
    {
      name: 'studentNo',
      type: 'string',
      max: 30,
      label: { zh: '学号', en: 'Student no.' },
      required: { zh: '请输入学号', en: 'Please enter the student number' },
      search: 'like',
    },
    {
      name: 'studentName',
      type: 'string',
      max: 50,
      label: { zh: '姓名', en: 'Name' },
      form: false,
      search: 'like',
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: [
        { label: { zh: '已预约', en: 'Booked' }, value: RESERVE_STATUS.booked },
        { label: { zh: '已取消', en: 'Cancelled' }, value: RESERVE_STATUS.cancelled },
        { label: { zh: '已签到', en: 'Attended' }, value: RESERVE_STATUS.attended },
        { label: { zh: '爽约', en: 'No-show' }, value: RESERVE_STATUS.noShow },
        { label: { zh: '迟到', en: 'Late' }, value: RESERVE_STATUS.late },
      ],
      form: false,
      search: 'equal',
    },
    { name: 'remark', type: 'string', max: 200, label: { zh: '备注', en: 'Remark' }, list: false },
  ],
})
