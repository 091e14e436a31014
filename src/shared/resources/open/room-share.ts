import { defineResource } from '../../resource/types'
import { enabledOptions } from '../lab/options'
import { DATE_PATTERN } from '../lab/time'

/** 实验室共享 (`open_room_share`): a room lent to another unit (college, school, company) for a period. */
export const openRoomShareResource = defineResource({
  name: 'openroomshare',
  table: 'open_room_share',
  basePath: '/api/open/openroomshare',
  label: { zh: '实验室共享', en: 'Room sharing' },
  tenant: true,
  permission: 'open_roomshare',
  fields: [
    {
      name: 'roomId',
      type: 'id',
      label: { zh: '共享房间', en: 'Room' },
      control: 'select',
      remote: { url: '/api/lab/labroom/unAuthPage?size=1000', label: 'roomName', value: 'id' },
      required: { zh: '请选择共享房间', en: 'Please select the room' },
      search: 'equal',
    },
    {
      name: 'shareUnit',
      type: 'string',
      max: 100,
      label: { zh: '共享单位', en: 'Shared with' },
      required: { zh: '请输入共享单位', en: 'Please enter the unit' },
      search: 'like',
    },
    {
      name: 'startDate',
      type: 'date',
      label: { zh: '开始日期', en: 'From' },
      required: { zh: '请选择开始日期', en: 'Please select the first day' },
      rules: [{ pattern: DATE_PATTERN, message: { zh: '开始日期格式应为 yyyy-MM-dd', en: 'yyyy-MM-dd' } }],
    },
    {
      name: 'endDate',
      type: 'date',
      label: { zh: '结束日期', en: 'To' },
      required: { zh: '请选择结束日期', en: 'Please select the last day' },
      rules: [{ pattern: DATE_PATTERN, message: { zh: '结束日期格式应为 yyyy-MM-dd', en: 'yyyy-MM-dd' } }],
    },
    { name: 'contactName', type: 'string', max: 50, label: { zh: '联系人', en: 'Contact' } },
    {
      name: 'contactPhone',
      type: 'string',
      max: 20,
      label: { zh: '联系电话', en: 'Phone' },
      rules: [{ pattern: '^[0-9+\\-() ]*$', message: { zh: '联系电话格式不正确', en: 'Invalid phone' } }],
    },
    {
      name: 'shareStatus',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: enabledOptions('有效', 'Active'),
      default: 1,
      search: 'equal',
    },
    {
      name: 'content',
      type: 'text',
      max: 1000,
      label: { zh: '共享内容', en: 'Content' },
      control: 'textarea',
      span: 24,
    },
  ],
})
