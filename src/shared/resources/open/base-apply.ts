import { defineResource } from '../../resource/types'
import { flowFields, periodFields } from './fields'

/**
 * 开放基地申请 (`open_base_apply`): off-campus practice at a partner's base over a period, on some
 * weekdays, approved through the `openBase` flow. No room of ours is taken, so no conflicts apply; the
 * generated times are kept on the row (`timeSlots`, JSON).
 */
export const openBaseApplyResource = defineResource({
  name: 'openbaseapply',
  table: 'open_base_apply',
  basePath: '/api/open/openbaseapply',
  label: { zh: '开放基地申请', en: 'Open base applications' },
  tenant: true,
  permission: 'open_baseapply',
  routes: ['page', 'detail', 'save', 'update', 'remove'],
  dialogWidth: 900,
  fields: [
    {
      name: 'baseName',
      type: 'string',
      max: 100,
      label: { zh: '基地名称', en: 'Base' },
      required: { zh: '请输入基地名称', en: 'Please enter the base' },
      search: 'like',
    },
    { name: 'company', type: 'string', max: 100, label: { zh: '合作单位', en: 'Partner' }, search: 'like' },
    { name: 'location', type: 'string', max: 200, label: { zh: '地点', en: 'Location' }, list: false },
    {
      name: 'projectName',
      type: 'string',
      max: 100,
      label: { zh: '实践项目', en: 'Project' },
      required: { zh: '请输入实践项目', en: 'Please enter the project' },
      search: 'like',
    },
    ...periodFields,
    {
      name: 'content',
      type: 'text',
      max: 1000,
      label: { zh: '实践内容', en: 'Content' },
      control: 'textarea',
      span: 24,
    },
    { name: 'timeSlots', type: 'text', label: { zh: '开放时段', en: 'Times' }, form: false, list: false },
    ...flowFields,
  ],
})
