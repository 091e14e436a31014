import { inArray } from 'drizzle-orm'
import type { Data } from '../core/data'
import { labInfo } from '../db/schema'
import type { AwardSource, SourceScope } from '../report/sources/registry'
import { studentAwardsByLab } from './awards'

/**
 * SJ6 #12 学生获奖情况 for the statutory reports: `studentAwardsByLab` of the 学年, keyed by the lab's
 * 实验室编号 and limited to the labs of the college's depts.
 */
export const awardReportSource: AwardSource = {
  async byLab(data: Data, scope: SourceScope) {
    const out = new Map<string, number>()
    const counts = await studentAwardsByLab(data.db, data.tenantId, scope.academicYear)
    if (!counts.length || !scope.deptSerials.length) return out
    const labs = await data.repo(labInfo).find([
      inArray(
        labInfo.id,
        counts.map((c) => c.labId),
      ),
      inArray(labInfo.deptSerial, scope.deptSerials),
    ])
    const serialOf = new Map(labs.map((l) => [l.id, l.serial]))
    for (const c of counts) {
      const serial = serialOf.get(c.labId)
      if (serial) out.set(serial, (out.get(serial) ?? 0) + c.count)
    }
    return out
  },
}
