import { defineResource } from '../../resource/types'
import { flowFields, periodFields } from './fields'

/**
 * 开放实验室申请 (`open_room_apply`): a teacher opens a room for students over a period, on some
 * weekdays at one time of day, with a number of seats per slot; approved through the `openRoom` flow.
 * Saving generates the dated slots (`open_room_slot`); pending and approved applications occupy the room.
 */
export const openRoomApplyResource = defineResource({
  name: 'openroomapply',
  table: 'open_room_apply',
  basePath: '/api/open/openroomapply',
  label: { zh: '开放实验室申请', en: 'Open lab applications' },
  tenant: true,
  permission: 'open_roomapply',
  routes: ['page', 'list', 'detail', 'save', 'update', 'remove'],
  dialogWidth: 900,
  fields: [
    {
      name: 'projectName',
      type: 'string',
      max: 100,
      label: { zh: '开放项目', en: 'Project' },
      required: { zh: '请输入开放项目', en: 'Please enter the project' },
      search: 'like',
    },
    {
      name: 'roomId',
      type: 'id',
      label: { zh: '开放房间', en: 'Room' },
      control: 'select',
      remote: { url: '/api/lab/labroom/unAuthPage?size=1000', label: 'roomName', value: 'id' },
      required: { zh: '请选择开放房间', en: 'Please select the room' },
      search: 'equal',
    },
    { name: 'labId', type: 'id', label: { zh: '所属实验室', en: 'Laboratory' }, form: false, list: false },
    {
      name: 'openType',
      type: 'int',
      label: { zh: '开放类型', en: 'Kind' },
      control: 'select',
      options: [
        { label: { zh: '自主实验', en: 'Self-directed' }, value: 1 },
        { label: { zh: '科研训练', en: 'Research training' }, value: 2 },
        { label: { zh: '兴趣实验', en: 'Interest' }, value: 3 },
        { label: { zh: '竞赛培训', en: 'Competition training' }, value: 4 },
      ],
      required: { zh: '请选择开放类型', en: 'Please select the kind' },
      search: 'equal',
    },
    ...periodFields,
    {
      name: 'content',
      type: 'text',
      max: 1000,
      label: { zh: '开放内容', en: 'Content' },
      control: 'textarea',
      span: 24,
    },
    ...flowFields,
  ],
})
