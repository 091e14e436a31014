/**
 * Tables of the plain resources, derived from their shared definitions. One line registers a
 * resource: its table here (picked up by drizzle-kit for the migration) and, through
 * server/resources.ts, its standard routes.
 */
import { resourceTable } from '../../core/resource-table'
import { teacherResource } from '../../../shared/resources/base/teacher'
import { studentResource } from '../../../shared/resources/base/student'
import { classResource } from '../../../shared/resources/base/class'
import { majorResource } from '../../../shared/resources/base/major'
import { majorDirectionResource } from '../../../shared/resources/base/major-direction'
import { academicResource } from '../../../shared/resources/base/academic'
import { periodInfoResource } from '../../../shared/resources/base/period-info'
import { eduMajorInfoResource } from '../../../shared/resources/base/edu-major-info'
import { professionResource } from '../../../shared/resources/base/profession'
import { paramResource } from '../../../shared/resources/system/param'

export const param = resourceTable(paramResource)

export const baseTeacher = resourceTable(teacherResource)
export const baseStudent = resourceTable(studentResource)
export const baseClass = resourceTable(classResource)
export const baseMajor = resourceTable(majorResource)
export const baseMajorDirection = resourceTable(majorDirectionResource)
export const academic = resourceTable(academicResource)
export const periodInfo = resourceTable(periodInfoResource)
export const eduMajorInfo = resourceTable(eduMajorInfoResource)
export const profession = resourceTable(professionResource)
