import { defineResource } from '../../resource/types'

/** UReport designer files (the designer itself is an external page). Platform-wide. */
export const reportFileResource = defineResource({
  name: 'reportFile',
  table: 'blade_report_file',
  basePath: '/api/blade-report/report/rest',
  label: { zh: '报表设计', en: 'Report designs' },
  tenant: false,
  permission: 'ureport',
  routes: ['list', 'detail', 'remove'],
  actions: { add: false, edit: false },
  fields: [
    {
      name: 'name',
      type: 'string',
      max: 100,
      label: { zh: '文件名', en: 'File name' },
      required: { zh: '请输入文件名', en: 'Please enter the file name' },
      search: 'like',
    },
    {
      name: 'content',
      type: 'text',
      max: 2000000,
      label: { zh: '内容', en: 'Content' },
      list: false,
      form: false,
    },
  ],
})
