import type { Data } from '../../core/data'
import { teachProject } from '../../db/schema'
import { labsByIds } from '../labs'
import { teachersByIds } from '../people'

type ProjectRow = typeof teachProject.$inferSelect

/** Projects for the wire: with their lab's name and serial and the teacher's name. */
export async function presentProjects(data: Data, rows: ProjectRow[]) {
  const labs = await labsByIds(
    data,
    rows.map((r) => r.labId),
  )
  const teachers = await teachersByIds(
    data,
    rows.map((r) => r.teacherId ?? ''),
  )
  return rows.map((r) => ({
    ...r,
    labName: (r.labId && labs.get(r.labId)?.labName) || '',
    labSerial: (r.labId && labs.get(r.labId)?.serial) || '',
    teacherName: r.teacherId ? String(teachers.get(r.teacherId)?.teacherName ?? '') : '',
  }))
}
