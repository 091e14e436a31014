import type { FastifyPluginAsync } from 'fastify'
import { teacherResource } from '../../shared/resources/base/teacher'
import { studentResource } from '../../shared/resources/base/student'
import { classResource } from '../../shared/resources/base/class'
import { majorResource } from '../../shared/resources/base/major'
import { baseClass, baseMajor, baseStudent, baseTeacher } from '../db/schema'
import { registerExport, registerImport } from './spreadsheet'
import { registerTeacherRoutes } from './teacher-routes'
import { registerSyncRoutes } from './sync-routes'
import { registerMajorRoutes } from './major-routes'
import { registerAcademicRoutes } from './academic-routes'
import { registerCatalogueRoutes } from './catalogue-routes'
import { baseHooks } from './hooks'

/**
 * Base data (`/api/basedata/*`, `/api/system/academic|periodinfo|edumajorinfo|profession/*`): the
 * routes beyond the standard set the resource engine registers from the shared definitions.
 */
export const baseArea: FastifyPluginAsync = async (app) => {
  const sheets = [
    [teacherResource, baseTeacher, '教师信息.xlsx'],
    [studentResource, baseStudent, '学生信息.xlsx'],
    [classResource, baseClass, '班级信息.xlsx'],
    [majorResource, baseMajor, '专业信息.xlsx'],
  ] as const
  for (const [def, table, fileName] of sheets) {
    registerExport(app, def, table, fileName)
    registerImport(app, def, table, { hooks: baseHooks[def.name] })
  }
  registerTeacherRoutes(app)
  registerSyncRoutes(app)
  registerMajorRoutes(app)
  registerAcademicRoutes(app)
  registerCatalogueRoutes(app)
}
