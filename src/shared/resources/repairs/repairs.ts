import { defineResource } from '../../resource/types'
import { dictField, textField } from '../assets/common'

const label = (zh: string, en: string) => ({ zh, en })

/** Dictionary codes of repairs (seeded by `src/server/repairs/seed.ts`). */
export const REPAIR_DICTS = {
  status: 'repair_status',
  faultType: 'repair_fault_type',
  urgency: 'repair_urgency',
  result: 'repair_result',
} as const

/**
 * 报修状态 (`repair_status`): 0 草稿 → (提交报修) 1 待受理 → (受理派工) 2 维修中 → (维修处理) 3 已完成;
 * a refusal at either step returns it to the reporter as 4 已驳回 (edit and submit again, or 5 已撤销).
 */
export const REPAIR_STATUS = {
  draft: 0,
  waiting: 1,
  repairing: 2,
  done: 3,
  returned: 4,
  cancelled: 5,
} as const

/** 维修结果 (`repair_result`): what became of the device, which sets its 现状. */
export const REPAIR_RESULT = { fixed: 1, beyondRepair: 2, noFault: 3 } as const

/**
 * 设备报修 (`device_repairs`): one report of a broken device (equipment row), its fault, the
 * reporter, and the flow's state; the technician's records are `device_repair_record`.
 */
export const repairsResource = defineResource({
  name: 'repairs',
  table: 'device_repairs',
  basePath: '/api/device-repairs/repairs',
  label: label('设备报修', 'Repair requests'),
  tenant: true,
  permission: 'repairs_apply',
  routes: ['detail', 'submit', 'update', 'remove'],
  dialogWidth: 880,
  fields: [
    textField('repairNo', label('报修单号', 'Request no.'), 20, {
      form: false,
      search: 'like',
      sortable: true,
    }),
    {
      name: 'equipmentId',
      type: 'id',
      label: label('报修设备', 'Device'),
      required: label('请选择报修设备', 'Please select the device'),
      list: false,
    },
    textField('equipmentNo', label('仪器编号', 'Equipment no.'), 8, { form: false, search: 'like' }),
    textField('equipmentName', label('仪器名称', 'Device name'), 50, { form: false, search: 'like' }),
    textField('labSerial', label('实验室', 'Lab'), 10, { form: false, search: 'equal', list: false }),
    textField('location', label('故障地点', 'Where'), 100),
    dictField('faultType', label('故障类型', 'Fault'), REPAIR_DICTS.faultType, {
      required: label('请选择故障类型', 'Please select the fault'),
      min: 1,
      maxValue: 9,
    }),
    dictField('urgency', label('紧急程度', 'Urgency'), REPAIR_DICTS.urgency, {
      required: label('请选择紧急程度', 'Please select the urgency'),
      min: 1,
      maxValue: 3,
      default: 1,
    }),
    {
      name: 'faultDesc',
      type: 'string',
      max: 1000,
      label: label('故障描述', 'Description'),
      required: label('请输入故障描述', 'Please describe the fault'),
      control: 'textarea',
      span: 24,
      list: false,
    },
    textField('reporterName', label('报修人', 'Reporter'), 30, { form: false, search: 'like' }),
    textField('reporterPhone', label('联系电话', 'Phone'), 20, {
      required: label('请输入联系电话', 'Please enter a phone number'),
      rules: [
        {
          pattern: '^[0-9\\-+ ]{5,20}$',
          message: label('联系电话格式不正确', 'The phone format is incorrect'),
        },
      ],
      list: false,
    }),
    {
      name: 'reportTime',
      type: 'datetime',
      label: label('报修时间', 'Reported'),
      form: false,
      search: 'daterange',
      sortable: true,
    },
    dictField('repairStatus', label('状态', 'State'), REPAIR_DICTS.status, { form: false }),
    textField('repairerName', label('维修人', 'Technician'), 30, { form: false, search: 'like' }),
    { name: 'repairerId', type: 'id', label: label('维修人', 'Technician'), form: false, list: false },
    { name: 'acceptTime', type: 'datetime', label: label('受理时间', 'Accepted'), form: false, list: false },
    { name: 'finishTime', type: 'datetime', label: label('完成时间', 'Finished'), form: false, list: false },
    dictField('repairResult', label('维修结果', 'Result'), REPAIR_DICTS.result, { form: false, list: false }),
    {
      name: 'totalCost',
      type: 'decimal',
      label: label('维修费用(元)', 'Cost (CNY)'),
      form: false,
      list: false,
    },
    {
      name: 'statusBefore',
      type: 'int',
      label: label('报修前现状', 'Status before'),
      form: false,
      list: false,
    },
    textField('processInstanceId', label('流程实例', 'Process'), 32, { form: false, list: false }),
    textField('processDefinitionId', label('流程定义', 'Definition'), 64, { form: false, list: false }),
  ],
})

/**
 * 维修记录 (`device_repair_record`, saveRep / getRep / delRep): what a technician did on a request:
 * date, work, parts, cost and hours, and the result it reached. Costs sum into the request's
 * 维修费用 and feed SJ7 仪器设备维护经费.
 */
export const repairRecordResource = defineResource({
  name: 'repairrecord',
  table: 'device_repair_record',
  basePath: '/api/device-repairs/repairs',
  label: label('维修记录', 'Repair records'),
  tenant: true,
  permission: 'repairs_manage',
  routes: [],
  dialogWidth: 800,
  defaultSort: { field: 'repairDate', desc: true },
  fields: [
    {
      name: 'repairsId',
      type: 'id',
      label: label('报修单', 'Request'),
      required: label('请选择报修单', 'Please select the request'),
      form: false,
      list: false,
    },
    {
      name: 'repairDate',
      type: 'date',
      label: label('维修日期', 'Date'),
      required: label('请选择维修日期', 'Please select the date'),
    },
    textField('repairerName', label('维修人', 'Technician'), 30, {
      required: label('请输入维修人', 'Please enter the technician'),
    }),
    {
      name: 'content',
      type: 'string',
      max: 1000,
      label: label('维修内容', 'Work done'),
      required: label('请输入维修内容', 'Please describe the work'),
      control: 'textarea',
      span: 24,
    },
    textField('parts', label('更换配件', 'Parts'), 255, { span: 24 }),
    {
      name: 'cost',
      type: 'decimal',
      label: label('费用(元)', 'Cost (CNY)'),
      min: 0,
      maxValue: 99999999,
      default: 0,
    },
    { name: 'hours', type: 'decimal', label: label('工时(小时)', 'Hours'), min: 0, maxValue: 999 },
    dictField('result', label('维修结果', 'Result'), REPAIR_DICTS.result, {
      required: label('请选择维修结果', 'Please select the result'),
      min: 1,
      maxValue: 3,
      default: 1,
    }),
  ],
})
