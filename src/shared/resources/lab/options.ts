import type { Text } from '../../resource/types'

/** Fixed choices of the lab and open-lab definitions (statuses the server's rules depend on). */

type Option = { label: Text; value: number }

export const yesNo: Option[] = [
  { label: { zh: '是', en: 'Yes' }, value: 1 },
  { label: { zh: '否', en: 'No' }, value: 0 },
]

/** 1 = in use / enabled (named by the caller), 0 = 停用. */
export const enabledOptions = (zh = '启用', en = 'Enabled'): Option[] => [
  { label: { zh, en }, value: 1 },
  { label: { zh: '停用', en: 'Disabled' }, value: 0 },
]

/** States of an application with an approval flow (预约、开放实验室申请、开放基地申请). */
export const APPLY_STATUS = { draft: 0, pending: 1, returned: 2, approved: 3, cancelled: 4 } as const

export const applyStatusOptions: Option[] = [
  { label: { zh: '草稿', en: 'Draft' }, value: APPLY_STATUS.draft },
  { label: { zh: '审核中', en: 'In approval' }, value: APPLY_STATUS.pending },
  { label: { zh: '已退回', en: 'Returned' }, value: APPLY_STATUS.returned },
  { label: { zh: '已通过', en: 'Approved' }, value: APPLY_STATUS.approved },
  { label: { zh: '已撤销', en: 'Cancelled' }, value: APPLY_STATUS.cancelled },
]
