import { defineResource } from '../../resource/types'
import { statusField, remarkField } from './common'

/**
 * 排课教室 (teach_classroom): the lab rooms offered to scheduling, one row per room (unique roomId),
 * with the capacity scheduling uses. The room comes from `lab/labroom/pageExcludeHasBeenUsedRoom`.
 */
export const teachClassroomResource = defineResource({
  name: 'teachclassroom',
  table: 'teach_classroom',
  basePath: '/api/teach/teachclassroom',
  label: { zh: '排课教室', en: 'Classrooms' },
  tenant: true,
  permission: 'teach_classroom',
  dialogWidth: 700,
  defaultSort: { field: 'sort' },
  fields: [
    {
      name: 'roomId',
      type: 'id',
      label: { zh: '实验房间', en: 'Lab room' },
      required: { zh: '请选择实验房间', en: 'Please select the lab room' },
      control: 'select',
      remote: { url: '/api/lab/labroom/pageExcludeHasBeenUsedRoom', label: 'roomName', value: 'id' },
      list: false,
    },
    { name: 'labId', type: 'id', label: { zh: '所属实验室', en: 'Lab' }, form: false, list: false },
    {
      name: 'capacity',
      type: 'int',
      label: { zh: '排课容量', en: 'Capacity' },
      control: 'number',
      min: 1,
      maxValue: 999,
    },
    { ...statusField(), required: { zh: '请选择状态', en: 'Please select the status' } },
    {
      name: 'sort',
      type: 'int',
      label: { zh: '排序', en: 'Order' },
      control: 'number',
      min: 0,
      maxValue: 100000,
      default: 0,
      sortable: true,
    },
    remarkField(),
  ],
})
