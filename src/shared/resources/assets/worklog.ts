import { defineResource } from '../../resource/types'
import { ASSET_DICTS, dictField, labSerialField, textField } from './common'

const label = (zh: string, en: string) => ({ zh, en })

/**
 * 实验室工作日志 (`assets_worklog`): what a lab's staff did on a day (daily management, equipment
 * upkeep, safety checks, teaching support, open service). Teachers keep and see their own logs;
 * office staff see every log of their data scope.
 */
export const worklogResource = defineResource({
  name: 'worklog',
  table: 'assets_worklog',
  basePath: '/api/assets/worklog',
  label: label('实验室工作日志', 'Lab work logs'),
  tenant: true,
  permission: 'assets_worklog',
  dialogWidth: 880,
  defaultSort: { field: 'logDate', desc: true },
  fields: [
    {
      name: 'logDate',
      type: 'date',
      label: label('日期', 'Date'),
      required: label('请选择日期', 'Please select the date'),
      search: 'daterange',
      sortable: true,
    },
    labSerialField(true),
    textField('roomName', label('房间', 'Room'), 50, { search: 'like' }),
    dictField('workType', label('工作类型', 'Kind of work'), ASSET_DICTS.worklogType, {
      required: label('请选择工作类型', 'Please select the kind of work'),
      min: 1,
      maxValue: 9,
    }),
    {
      name: 'hours',
      type: 'decimal',
      label: label('工时(小时)', 'Hours'),
      min: 0,
      maxValue: 24,
    },
    {
      name: 'content',
      type: 'string',
      max: 2000,
      label: label('工作内容', 'Work done'),
      required: label('请输入工作内容', 'Please enter the work done'),
      control: 'textarea',
      span: 24,
      columnWidth: 260,
    },
    textField('personName', label('记录人', 'Logged by'), 30, { form: false, search: 'like' }),
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: label('备注', 'Remark'),
      control: 'textarea',
      span: 24,
      list: false,
    },
  ],
})
