/** The process routes of spec 2.2; ids are path segments, so they are encoded. */
const seg = (v: string) => encodeURIComponent(v || '0')

export const processPaths = {
  form: (key: string, processDefinitionId: string) =>
    `/work/process/${seg(key)}/form/${seg(processDefinitionId)}`,
  handle: (key: string, taskId: string, processInstanceId: string, businessId: string) =>
    `/work/process/${seg(key)}/handle/${seg(taskId)}/${seg(processInstanceId)}/${seg(businessId)}`,
  detail: (key: string, processInstanceId: string, businessId: string) =>
    `/work/process/${seg(key)}/detail/${seg(processInstanceId)}/${seg(businessId)}`,
}

/** Route keys for the registry (the generic ones; a process type may register its own static ones first). */
export const processRoutes = {
  form: '/work/process/:type/form/:processDefinitionId',
  handle: '/work/process/:type/handle/:taskId/:processInstanceId/:businessId',
  detail: '/work/process/:type/detail/:processInstanceId/:businessId',
  leaveForm: '/work/process/leave/form/:processDefinitionId',
  leaveHandle: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  leaveDetail: '/work/process/leave/detail/:processInstanceId/:businessId',
  bizCheckedDetail: '/work/bizCheckedDetail/:processInstanceId/:routePath',
}
