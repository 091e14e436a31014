import { defineResource, type FieldDef, type ResourceDef } from '../../resource/types'

/** The three log viewers (通用日志, 接口日志, 错误日志): read-only pages. */

const logFields = (extra: FieldDef[]): FieldDef[] => [
  { name: 'serviceId', type: 'string', label: { zh: '服务ID', en: 'Service' }, search: 'like' },
  { name: 'serverHost', type: 'string', label: { zh: '服务host', en: 'Host' }, search: 'like' },
  { name: 'serverIp', type: 'string', label: { zh: '服务ip', en: 'Server IP' }, list: false },
  { name: 'env', type: 'string', label: { zh: '软件环境', en: 'Environment' } },
  ...extra,
  { name: 'method', type: 'string', label: { zh: '请求方法', en: 'Method' } },
  { name: 'requestUri', type: 'string', label: { zh: '请求接口', en: 'Request URI' } },
  { name: 'userAgent', type: 'text', label: { zh: '用户代理', en: 'User agent' }, list: false, span: 24 },
  { name: 'params', type: 'text', label: { zh: '请求数据', en: 'Params' }, list: false, span: 24 },
  { name: 'createBy', type: 'string', label: { zh: '操作人', en: 'Operator' }, list: false },
  { name: 'createTime', type: 'datetime', label: { zh: '日志时间', en: 'Time' } },
]

const logResource = (kind: string, zh: string, en: string, extra: FieldDef[]): ResourceDef =>
  defineResource({
    name: `log${kind}`,
    table: `blade_log_${kind}`,
    basePath: `/api/blade-log/${kind}`,
    label: { zh, en },
    tenant: true,
    permission: `log_${kind}`,
    routes: ['list', 'detail'],
    listIsPage: true,
    actions: { add: false, edit: false, delete: false, view: true },
    fields: logFields(extra),
  })

export const usualLogResource = logResource('usual', '通用日志', 'Service log', [
  { name: 'logLevel', type: 'string', label: { zh: '日志级别', en: 'Level' } },
  { name: 'logId', type: 'string', label: { zh: '日志业务id', en: 'Log id' }, list: false },
  { name: 'logData', type: 'text', label: { zh: '日志数据', en: 'Data' }, list: false, span: 24 },
])
export const apiLogResource = logResource('api', '接口日志', 'Request log', [
  { name: 'title', type: 'string', label: { zh: '日志名', en: 'Title' }, search: 'like' },
  { name: 'time', type: 'string', label: { zh: '执行时间', en: 'Duration' } },
])
export const errorLogResource = logResource('error', '错误日志', 'Error log', [
  { name: 'exceptionName', type: 'string', label: { zh: '异常名', en: 'Exception' } },
  { name: 'message', type: 'text', label: { zh: '异常信息', en: 'Message' }, list: false, span: 24 },
  { name: 'stackTrace', type: 'text', label: { zh: '堆栈', en: 'Stack trace' }, list: false, span: 24 },
])
