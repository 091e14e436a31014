import { defineResource } from '../../resource/types'

/** Uploaded attachments (written by `oss/endpoint/put-file-attach`; never edited). */
export const attachResource = defineResource({
  name: 'attach',
  table: 'blade_attach',
  basePath: '/api/blade-resource/attach',
  label: { zh: '附件管理', en: 'Attachments' },
  tenant: true,
  permission: 'attach',
  routes: ['list', 'page', 'detail', 'remove'],
  actions: { add: false, edit: false },
  fields: [
    { name: 'link', type: 'string', max: 1000, label: { zh: '附件地址', en: 'Link' }, span: 24 },
    { name: 'domain', type: 'string', max: 500, label: { zh: '附件域名', en: 'Domain' }, list: false },
    { name: 'name', type: 'string', max: 500, label: { zh: '附件名称', en: 'Name' }, search: 'like' },
    {
      name: 'originalName',
      type: 'string',
      max: 500,
      label: { zh: '原始名称', en: 'Original name' },
      search: 'like',
    },
    { name: 'extension', type: 'string', max: 12, label: { zh: '扩展名', en: 'Extension' }, search: 'equal' },
    { name: 'attachSize', type: 'int', label: { zh: '附件大小', en: 'Size' } },
  ],
})
