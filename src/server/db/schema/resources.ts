/**
 * Tables of the plain resources, derived from their shared definitions. One line registers a
 * resource: its table here (picked up by drizzle-kit for the migration) and, through
 * server/resources.ts, its standard routes.
 */
import { index } from 'drizzle-orm/pg-core'
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
import { tenantPackageResource } from '../../../shared/resources/system/tenant-package'
import { postResource } from '../../../shared/resources/system/post'
import { tokenSkipApiResource } from '../../../shared/resources/system/token-skip-api'
import { datasourceResource } from '../../../shared/resources/system/datasource'
import { ossResource } from '../../../shared/resources/system/oss'
import { smsResource } from '../../../shared/resources/system/sms'
import { attachResource } from '../../../shared/resources/system/attach'
import { reportFileResource } from '../../../shared/resources/system/report-file'
import { codeResource } from '../../../shared/resources/system/code'
import { noticeResource } from '../../../shared/resources/desk/notice'
import {
  externalSqlResource,
  externalInterfaceResource,
  externalResourceResource,
  externalTaskResource,
} from '../../../shared/resources/system/external'

export const param = resourceTable(paramResource)

export const tenantPackage = resourceTable(tenantPackageResource)
export const post = resourceTable(postResource)
export const tokenSkipApi = resourceTable(tokenSkipApiResource)
export const datasource = resourceTable(datasourceResource)
export const oss = resourceTable(ossResource)
export const sms = resourceTable(smsResource)
export const attach = resourceTable(attachResource)
export const reportFile = resourceTable(reportFileResource)
export const code = resourceTable(codeResource)
export const notice = resourceTable(noticeResource)
export const externalSql = resourceTable(externalSqlResource)
export const externalInterface = resourceTable(externalInterfaceResource)
export const externalResource = resourceTable(externalResourceResource)
export const externalTask = resourceTable(externalTaskResource)

export const baseTeacher = resourceTable(teacherResource)
// A class's students are read by every schedule write and collision check.
export const baseStudent = resourceTable(studentResource, {
  indexes: (c) => [index('base_student_class_idx').on(c.tenantId, c.classNo)],
})
export const baseClass = resourceTable(classResource)
export const baseMajor = resourceTable(majorResource)
export const baseMajorDirection = resourceTable(majorDirectionResource)
export const academic = resourceTable(academicResource)
export const periodInfo = resourceTable(periodInfoResource)
export const eduMajorInfo = resourceTable(eduMajorInfoResource)
export const profession = resourceTable(professionResource)
