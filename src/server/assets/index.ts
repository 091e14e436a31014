import type { FastifyPluginAsync } from 'fastify'
import { registerEquipmentRoutes } from './equipment-routes'
import { registerEquipmentImport } from './equipment-import'
import { registerEquipmentExport } from './equipment-export'
import { registerDonateRoutes } from './donate-routes'
import { registerWorklogRoutes } from './worklog-routes'
import { registerResourceRoutes } from '../core/resource-routes'
import { schoolEnterpriseResource } from '../../shared/resources/assets/school-enterprise'
import { labSchoolEnterprise } from '../db/schema'
import { bad } from '../core/errors'
import { registerReportSource } from '../report/sources/registry'
import { equipmentReportSource } from './report-source'

/** 仪器设备、资产捐赠、工作日志 (`/api/assets/*`) and 校企合作 (`/api/lab/schoolenterprise/*`). */
export const assetsArea: FastifyPluginAsync = async (app) => {
  registerReportSource('equipment', equipmentReportSource)
  registerEquipmentRoutes(app)
  registerEquipmentImport(app)
  registerEquipmentExport(app)
  registerDonateRoutes(app)
  registerWorklogRoutes(app)
  registerResourceRoutes(app, schoolEnterpriseResource, labSchoolEnterprise, {
    async beforeSave({ data, request, row, isNew }) {
      const old = isNew
        ? {}
        : await data.repo(labSchoolEnterprise).need(String((request.body as { id?: unknown }).id))
      const start = row.startDate ?? (old as { startDate?: unknown }).startDate
      const end = row.endDate ?? (old as { endDate?: unknown }).endDate
      if (start && end && String(end) < String(start)) bad('结束日期不能早于开始日期')
    },
  })
}
