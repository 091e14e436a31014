import { describe, expect, it } from 'vitest'
import { findScreen, screenTitle, screens } from './registry'

describe('screen titles', () => {
  it('names process pages by what they are, not by their business id', () => {
    expect(screenTitle('/work/process/leave/handle/11/22/1890000000000000001')).toEqual({
      zh: '请假办理',
      en: 'Handle leave request',
    })
    expect(screenTitle('/work/process/leave/form/leave:1:2')?.zh).toBe('请假申请')
    // a process type with no pages of its own gets the generic ones (areas register theirs)
    expect(screenTitle('/work/process/customFlow/detail/22/33')?.zh).toBe('流程详情')
    expect(screenTitle('/work/process/customFlow/handle/11/22/33/def/biz_table')?.zh).toBe('流程办理')
    expect(screenTitle('/work/process/deviceRepairs/handle/11/22/33/repair_task')?.zh).toBe('维修办理')
  })

  it('prefers the most specific pattern and exact paths, and takes resource labels', () => {
    expect(findScreen('/work/process/leave/detail/1/2')).toBe(
      screens['/work/process/leave/detail/:processInstanceId/:businessId'],
    )
    expect(screenTitle('/system/param')?.zh).toBe('参数管理')
    expect(screenTitle('/no/such/screen')).toBeUndefined()
  })
})
