/** The process routes of spec 2.2; ids are path segments, so they are encoded. */
const seg = (v: string) => encodeURIComponent(v || '0')

/** The one process type whose handle and detail routes also carry the task's definition key. */
export const DEVICE_REPAIRS = 'deviceRepairs'

/** deviceRepairs appends the task definition key to handle and detail; other types take nothing more. */
const taskKeySuffix = (type: string, taskDefinitionKey?: string) =>
  type === DEVICE_REPAIRS ? `/${seg(taskDefinitionKey ?? '')}` : ''

export const processPaths = {
  form: (type: string, processDefinitionId: string) =>
    `/work/process/${seg(type)}/form/${seg(processDefinitionId)}`,
  handle: (
    type: string,
    taskId: string,
    processInstanceId: string,
    businessId: string,
    taskDefinitionKey?: string,
  ) =>
    `/work/process/${seg(type)}/handle/${seg(taskId)}/${seg(processInstanceId)}/${seg(businessId)}` +
    taskKeySuffix(type, taskDefinitionKey),
  detail: (type: string, processInstanceId: string, businessId: string, taskDefinitionKey?: string) =>
    `/work/process/${seg(type)}/detail/${seg(processInstanceId)}/${seg(businessId)}` +
    taskKeySuffix(type, taskDefinitionKey),
}

/**
 * The route patterns of spec 2.2, as registered in `routes/registry.ts` (a static type's own routes
 * outrank the generic `:type` ones there).
 */
export const processRoutes = {
  form: '/work/process/:type/form/:processDefinitionId',
  handle: '/work/process/:type/handle/:taskId/:processInstanceId/:businessId',
  handleLong:
    '/work/process/:type/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable',
  detail: '/work/process/:type/detail/:processInstanceId/:businessId',
  leaveForm: '/work/process/leave/form/:processDefinitionId',
  leaveHandle: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  leaveHandleLong:
    '/work/process/leave/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable',
  leaveDetail: '/work/process/leave/detail/:processInstanceId/:businessId',
  deviceRepairsHandle:
    '/work/process/deviceRepairs/handle/:taskId/:processInstanceId/:businessId/:taskDefinitionKey',
  deviceRepairsDetail: '/work/process/deviceRepairs/detail/:processInstanceId/:businessId/:taskDefinitionKey',
  bizCheckedDetail: '/work/bizCheckedDetail/:processInstanceId/:routePath',
}
