import { defineResource } from '../../resource/types'

/** Notices (通知公告, BladeX blade_notice): tenant-owned; everyone signed in reads, the office publishes. */
export const noticeResource = defineResource({
  name: 'notice',
  table: 'blade_notice',
  basePath: '/api/blade-desk/notice',
  label: { zh: '通知公告', en: 'Notices' },
  tenant: true,
  permission: 'notice',
  dialogWidth: 960,
  anyUserRoutes: ['list', 'page', 'detail'],
  defaultSort: { field: 'releaseTime', desc: true },
  fields: [
    {
      name: 'title',
      type: 'string',
      max: 255,
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入通知标题', en: 'Please enter the notice title' },
      search: 'like',
      span: 24,
    },
    {
      name: 'category',
      type: 'int',
      label: { zh: '通知类型', en: 'Category' },
      control: 'select',
      dict: { code: 'notice' },
      search: 'equal',
    },
    {
      name: 'releaseTime',
      type: 'datetime',
      label: { zh: '通知日期', en: 'Release time' },
      control: 'datetime',
      search: 'daterange',
      sortable: true,
    },
    {
      name: 'content',
      type: 'text',
      label: { zh: '通知内容', en: 'Content' },
      control: 'richtext',
      span: 24,
    },
    {
      name: 'attachIds',
      type: 'ids',
      label: { zh: '附件', en: 'Attachments' },
      control: 'files',
      span: 24,
      list: false,
    },
  ],
})
