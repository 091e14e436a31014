import { matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { screens } from '../routes/registry'
import { processPaths, processRoutes } from './paths'

/** The registered pattern react-router picks for a URL, as the app's routes would. */
const routeFor = (url: string) =>
  matchRoutes(
    Object.keys(screens).map((path) => ({ path })),
    url,
  )?.[0]

describe('process route URLs (spec 2.2)', () => {
  it('leave: form, handle and detail open the leave pages', () => {
    expect(processPaths.form('leave', 'leave:1:5')).toBe('/work/process/leave/form/leave%3A1%3A5')
    expect(processPaths.handle('leave', 't1', 'p1', 'b1')).toBe('/work/process/leave/handle/t1/p1/b1')
    expect(processPaths.detail('leave', 'p1', 'b1')).toBe('/work/process/leave/detail/p1/b1')
    expect(routeFor(processPaths.form('leave', 'd1'))?.route.path).toBe(processRoutes.leaveForm)
    expect(routeFor(processPaths.handle('leave', 't1', 'p1', 'b1'))?.route.path).toBe(
      processRoutes.leaveHandle,
    )
    expect(routeFor('/work/process/leave/handle/t1/p1/b1/d1/blade_leave')?.route.path).toBe(
      processRoutes.leaveHandleLong,
    )
    expect(routeFor(processPaths.detail('leave', 'p1', 'b1'))?.route.path).toBe(processRoutes.leaveDetail)
  })

  it('a type without its own pages ignores the task definition key and opens the :type pages', () => {
    expect(processPaths.handle('customFlow', 't1', 'p1', 'b1', 'usertask1')).toBe(
      '/work/process/customFlow/handle/t1/p1/b1',
    )
    expect(processPaths.detail('customFlow', 'p1', 'b1', 'usertask1')).toBe(
      '/work/process/customFlow/detail/p1/b1',
    )
    const handle = routeFor(processPaths.handle('customFlow', 't1', 'p1', 'b1'))
    expect(handle?.route.path).toBe(processRoutes.handle)
    expect(handle?.params).toMatchObject({ type: 'customFlow', taskId: 't1', businessId: 'b1' })
    const long = routeFor('/work/process/customFlow/handle/t1/p1/b1/d1/custom_table')
    expect(long?.route.path).toBe(processRoutes.handleLong)
    expect(long?.params).toMatchObject({
      type: 'customFlow',
      processDefinitionId: 'd1',
      businessTable: 'custom_table',
    })
    expect(routeFor(processPaths.detail('customFlow', 'p1', 'b1'))?.route.path).toBe(processRoutes.detail)
    expect(routeFor(processPaths.form('customFlow', 'd1'))?.route.path).toBe(processRoutes.form)
  })

  it('deviceRepairs: handle and detail carry the task definition key', () => {
    const handle = processPaths.handle('deviceRepairs', 't1', 'p1', 'b1', 'repairAudit')
    const detail = processPaths.detail('deviceRepairs', 'p1', 'b1', 'repairAudit')
    expect(handle).toBe('/work/process/deviceRepairs/handle/t1/p1/b1/repairAudit')
    expect(detail).toBe('/work/process/deviceRepairs/detail/p1/b1/repairAudit')
    expect(routeFor(handle)?.route.path).toBe(processRoutes.deviceRepairsHandle)
    expect(routeFor(handle)?.params.taskDefinitionKey).toBe('repairAudit')
    expect(routeFor(detail)?.route.path).toBe(processRoutes.deviceRepairsDetail)
    expect(routeFor(detail)?.params).toMatchObject({ processInstanceId: 'p1', businessId: 'b1' })
  })

  it('a finished deviceRepairs process without a task key still gets a routable detail URL', () => {
    const detail = processPaths.detail('deviceRepairs', 'p1', 'b1')
    expect(detail).toBe('/work/process/deviceRepairs/detail/p1/b1/0')
    expect(routeFor(detail)?.route.path).toBe(processRoutes.deviceRepairsDetail)
  })
})
