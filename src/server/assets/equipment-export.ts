import { asc, gt, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FieldDef } from '../../shared/resource/types'
import { equipmentResource } from '../../shared/resources/assets/equipment'
import { equipmentApi } from '../../shared/api/assets'
import type { Data } from '../core/data'
import { route } from '../core/route'
import { queuedExport } from '../download/tasks'
import { refuseTooMany, wantsAsync } from '../download/limits'
import { STREAM_PAGE_ROWS, xlsxStream, type Cell } from '../core/xlsx-stream'
import { assetsEquipment, dept } from '../db/schema'
import { attachment } from '../base/spreadsheet'
import { fieldChoices, type Choice } from '../base/dictionaries'

type Row = Record<string, unknown>

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PAGE = STREAM_PAGE_ROWS

/** The columns of the file: the form's fields (labels as the import reads them) and 单位名称 after 使用单位. */
const FIELDS = (equipmentResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && f.name !== 'roomId',
)

const labelOf = (value: unknown, choices: Choice[] | undefined): Cell => {
  if (value === null || value === undefined) return ''
  if (!choices?.length) return typeof value === 'number' ? value : String(value)
  return choices.find((c) => c.value === String(value))?.label ?? String(value)
}

/**
 * The rows the list's filters select (tenant and data scope applied), page by page in 仪器编号 order:
 * each page continues after the last number of the one before, so a deep page costs what the first does.
 */
async function* pages(data: Data, query: Row): AsyncGenerator<Row[]> {
  const filters = { ...query }
  delete filters.ascs
  delete filters.descs
  const repo = data.repo(assetsEquipment, equipmentResource)
  let last: string | null = null
  for (;;) {
    const rows = (await repo.list(filters, {
      where: last === null ? [] : [gt(assetsEquipment.equipmentNo, last)],
      sort: [asc(assetsEquipment.equipmentNo)],
      limit: PAGE,
    })) as Row[]
    if (!rows.length) return
    yield rows
    if (rows.length < PAGE) return
    last = String(rows[rows.length - 1].equipmentNo)
  }
}

async function* sheetRows(
  data: Data,
  query: Row,
  onPage?: (rows: number) => Promise<void>,
): AsyncGenerator<Cell[][]> {
  const choices = await fieldChoices(data.db, FIELDS)
  const deptNames = new Map<string, string>()
  let done = 0
  for await (const rows of pages(data, query)) {
    done += rows.length
    await onPage?.(done)
    const serials = [...new Set(rows.map((r) => String(r.deptSerial ?? '')))].filter(
      (s) => s && !deptNames.has(s),
    )
    if (serials.length)
      for (const d of await data.repo(dept).find([inArray(dept.serial, serials)]))
        deptNames.set(String(d.serial), d.deptName)
    yield rows.map((r) => {
      const cells: Cell[] = []
      for (const f of FIELDS) {
        const v = r[f.name]
        cells.push(
          f.type === 'decimal' && v !== null && v !== undefined ? Number(v) : labelOf(v, choices[f.name]),
        )
        if (f.name === 'deptSerial') cells.push(deptNames.get(String(v ?? '')) ?? '')
      }
      return cells
    })
  }
}

/** The filtered register as .xlsx, read page by page (`onPage` hears the rows done so far). */
export function equipmentXlsx(data: Data, query: Row, onPage?: (rows: number) => Promise<void>) {
  const headers = FIELDS.flatMap((f) => (f.name === 'deptSerial' ? [f.label.zh, '单位名称'] : [f.label.zh]))
  return xlsxStream({ sheetName: equipmentResource.label.zh, headers, pages: sheetRows(data, query, onPage) })
}

/** The rows an export of `query` writes (for 下载中心's progress). */
export const equipmentExportCount = (data: Data, query: Row) =>
  data
    .repo(assetsEquipment, equipmentResource)
    .page({ ...query, current: 1, size: 1 })
    .then((p) => p.total)

/**
 * `GET /api/assets/equipment/page-export`: the filtered register as .xlsx, streamed as it is read;
 * with `asyncTask=true` it is queued in 下载中心 instead (producer `assets.equipment.xlsx`).
 */
export function registerEquipmentExport(app: FastifyInstance) {
  route(app, equipmentApi.pageExport, async ({ data, query, reply }) => {
    if (wantsAsync(query))
      return reply.send(
        await queuedExport(data, query, {
          bizType: 'assets',
          bizId: 'assets:equipment:xlsx',
          taskName: '仪器设备导出',
          producer: 'assets.equipment.xlsx',
          fileName: '仪器设备',
        }),
      )
    refuseTooMany(await equipmentExportCount(data, query))
    const stream = equipmentXlsx(data, query)
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment('仪器设备.xlsx'))
      .send(stream)
  })
}
