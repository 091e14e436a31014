import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { repairsApi } from '../../shared/api/repairs'
import { REPAIR_DICTS } from '../../shared/resources/repairs/repairs'
import type { Data } from '../core/data'
import { route } from '../core/route'
import { primed, xlsxStream, type Cell } from '../core/xlsx-stream'
import { deviceRepairs } from '../db/schema'
import { attachment } from '../base/spreadsheet'
import { repairLabel } from './dictionaries'
import { requestsOf } from './requests'
import { isOffice } from '../assets/office'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PAGE = 2000

const HEADERS = [
  '报修单号',
  '仪器编号',
  '仪器名称',
  '实验室',
  '故障地点',
  '故障类型',
  '紧急程度',
  '故障描述',
  '报修人',
  '报修时间',
  '状态',
  '维修人',
  '受理时间',
  '完成时间',
  '维修结果',
  '维修费用(元)',
]

const time = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : '')

/** The list's rows newest first, page after page by (报修时间, id) keys. */
async function* pages(data: Data, query: Record<string, unknown>): AsyncGenerator<Cell[][]> {
  const filters = { ...query }
  delete filters.ascs
  delete filters.descs
  const mine = !isOffice(data.user) || filters.mine === '1'
  delete filters.mine
  let last: { t: Date; id: string } | null = null
  for (;;) {
    const rows = await requestsOf(data).list(filters, {
      where: [
        mine ? eq(deviceRepairs.createUser, data.me.userId) : undefined,
        last
          ? or(
              lt(deviceRepairs.createTime, last.t),
              and(eq(deviceRepairs.createTime, last.t), lt(deviceRepairs.id, last.id)),
            )
          : undefined,
      ],
      sort: [desc(deviceRepairs.createTime), desc(deviceRepairs.id)],
      limit: PAGE,
    })
    if (!rows.length) return
    yield rows.map((r) => [
      r.repairNo,
      r.equipmentNo,
      r.equipmentName,
      r.labSerial,
      r.location,
      repairLabel(REPAIR_DICTS.faultType, r.faultType),
      repairLabel(REPAIR_DICTS.urgency, r.urgency),
      r.faultDesc,
      r.reporterName,
      time(r.reportTime),
      repairLabel(REPAIR_DICTS.status, r.repairStatus),
      r.repairerName,
      time(r.acceptTime),
      time(r.finishTime),
      r.repairResult ? repairLabel(REPAIR_DICTS.result, r.repairResult) : '',
      Number(r.totalCost ?? 0),
    ])
    if (rows.length < PAGE) return
    const tail = rows[rows.length - 1]
    last = { t: tail.createTime!, id: tail.id }
  }
}

/** `GET exportList`: 维修管理's filtered requests as .xlsx, streamed. */
export function registerExportRoute(app: FastifyInstance) {
  route(app, repairsApi.exportList, async ({ data, query, reply }) => {
    const rows = await primed(pages(data, query))
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment('设备维修.xlsx'))
      .send(xlsxStream({ sheetName: '设备维修', headers: HEADERS, pages: rows }))
  })
}
