import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import { baseTeacher, labInfo, labRoom, labTeacher } from '../db/schema'
import { openFiguresByLab } from '../open/report-figures'
import type { LabRecord, LabSource, SourceScope, StaffRecord, StaffSource } from '../report/sources/registry'

/**
 * Labs and lab staff as the statutory reports read them (reports-portal.md 5, docs/domain/labs.md 1
 * and 7): SJ6 takes the college's labs in use that are reported (纳入基表六), their area as the sum of
 * their rooms' areas (else the lab's own), 兼任人员数 from the assignments of non-专任 teachers, and
 * 开放实验 26–28 from attendances of approved open-lab applications in its rooms (29–31 校外 stay 0:
 * open labs record students of the school only). SJ5 takes the college's 专任 teachers (labStaff = 1)
 * with the lab they are assigned to and their training times. Codes are copied as kept (the lab and
 * roster fields use the report's code tables).
 */
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v))

export const labReportSource: LabSource = {
  async list(data: Data, scope: SourceScope): Promise<LabRecord[]> {
    if (!scope.deptSerials.length) return []
    const labs = await data
      .repo(labInfo)
      .find(
        [inArray(labInfo.deptSerial, scope.deptSerials), eq(labInfo.status, 1), eq(labInfo.inReport, 1)],
        { sort: [asc(labInfo.serial)] },
      )
    if (!labs.length) return []
    const ids = labs.map((l) => l.id)
    const rooms = await data.db
      .select({ labId: labRoom.labId, n: count(), area: sql<string | null>`sum(${labRoom.area})` })
      .from(labRoom)
      .where(data.rows(labRoom, inArray(labRoom.labId, ids)))
      .groupBy(labRoom.labId)
    const roomArea = new Map(rooms.map((r) => [String(r.labId), r.area === null ? null : String(r.area)]))
    const partTime = await data.db
      .select({ labId: labTeacher.labId, n: count() })
      .from(labTeacher)
      .innerJoin(baseTeacher, and(eq(baseTeacher.id, labTeacher.teacherId), data.rows(baseTeacher)))
      .where(data.rows(labTeacher, inArray(labTeacher.labId, ids), eq(baseTeacher.labStaff, 0)))
      .groupBy(labTeacher.labId)
    const partTimeOf = new Map(partTime.map((r) => [String(r.labId), Number(r.n)]))
    const open = await openFiguresByLab(data, ids, scope.yearStart, scope.yearEnd)
    return labs.map((l) => ({
      id: l.id,
      labCode: l.serial ?? '',
      labName: l.labName ?? '',
      category: text(l.labCategory),
      foundedYear: text(l.foundedYear),
      area: roomArea.get(l.id) ?? text(l.area),
      labType: text(l.labType),
      subjectCode: text(l.subjectCode),
      partTimeStaff: partTimeOf.get(l.id) ?? 0,
      openExpIn: open.get(l.id)?.projects ?? 0,
      openPeopleIn: open.get(l.id)?.people ?? 0,
      openHoursIn: open.get(l.id)?.personHours ?? 0,
      openExpOut: 0,
      openPeopleOut: 0,
      openHoursOut: 0,
    }))
  },
}

export const staffReportSource: StaffSource = {
  async list(data: Data, scope: SourceScope): Promise<StaffRecord[]> {
    if (!scope.deptSerials.length) return []
    const rows = await data.db
      .select({
        id: baseTeacher.id,
        staffNo: baseTeacher.teacherNo,
        name: baseTeacher.teacherName,
        sex: baseTeacher.sex,
        birthday: baseTeacher.birthday,
        subjectCode: baseTeacher.subjectCode,
        titleCode: baseTeacher.professionCode,
        education: baseTeacher.education,
        expertCode: baseTeacher.expertCategory,
        labCode: labInfo.serial,
        labName: labInfo.labName,
        domDegree: labTeacher.domDegreeTime,
        domOther: labTeacher.domOtherTime,
        abroadDegree: labTeacher.abroadDegreeTime,
        abroadOther: labTeacher.abroadOtherTime,
      })
      .from(baseTeacher)
      .leftJoin(labTeacher, and(eq(labTeacher.teacherId, baseTeacher.id), data.rows(labTeacher)))
      .leftJoin(labInfo, and(eq(labInfo.id, labTeacher.labId), data.rows(labInfo)))
      .where(
        data.rows(
          baseTeacher,
          eq(baseTeacher.labStaff, 1),
          inArray(baseTeacher.deptSerial, scope.deptSerials),
        ),
      )
      .orderBy(asc(baseTeacher.teacherNo))
    return rows.map((r) => ({
      id: String(r.id),
      staffNo: String(r.staffNo ?? ''),
      name: String(r.name ?? ''),
      sex: text(r.sex),
      birthday: text(r.birthday),
      subjectCode: text(r.subjectCode),
      titleCode: text(r.titleCode),
      education: text(r.education),
      expertCode: text(r.expertCode),
      labCode: text(r.labCode),
      labName: text(r.labName),
      training: {
        domDegree: r.domDegree ?? 0,
        domOther: r.domOther ?? 0,
        abroadDegree: r.abroadDegree ?? 0,
        abroadOther: r.abroadOther ?? 0,
      },
    }))
  },
}
