import { and, asc, eq, gt, gte, ilike, inArray, like, lte, or, type SQL } from 'drizzle-orm'
import type { Data } from '../core/data'
import { escapeLike, type Paging } from '../core/query'
import { assetsEquipment, assetsEquipmentChange, assetsEquipmentUsage, dept } from '../db/schema'
import { equipmentResource } from '../../shared/resources/assets/equipment'
import type {
  EquipmentFilter,
  EquipmentRecord,
  EquipmentSource,
  EquipmentUsage,
  SourceScope,
} from '../report/sources/registry'

/**
 * The equipment register as the statutory reports read it (reports-portal.md 5, docs/domain/assets.md
 * 1): SJ1 fields copied without mapping (the register keeps the MOE codes), 现状 and 单价 as they
 * stood on the 学年's last day (the earliest change after it holds the values before), SJ3 usage from
 * 贵重仪器使用情况 of the 学年.
 */
type Item = typeof assetsEquipment.$inferSelect

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v))

/** 现状 and 单价 of items on `day`: the `from_*` of their earliest change after it, if any. */
async function stateOn(data: Data, ids: string[], day: string) {
  const out = new Map<string, { status: number; price: string }>()
  if (!ids.length) return out
  const c = assetsEquipmentChange
  const rows = await data.repo(c).find([inArray(c.equipmentId, ids), gt(c.changeDate, day)], {
    sort: [asc(c.changeDate), asc(c.createTime)],
  })
  for (const r of rows)
    if (!out.has(r.equipmentId))
      out.set(String(r.equipmentId), { status: r.fromStatus, price: String(r.fromPrice) })
  return out
}

async function unitNames(data: Data, serials: string[]) {
  const names = new Map<string, string>()
  const wanted = [...new Set(serials.filter(Boolean))]
  if (!wanted.length) return names
  for (const d of await data.repo(dept).find([inArray(dept.serial, wanted)], { sort: [asc(dept.sort)] }))
    if (d.serial && !names.has(d.serial)) names.set(d.serial, d.deptName)
  return names
}

async function records(data: Data, items: Item[], day: string | null): Promise<EquipmentRecord[]> {
  const state = day
    ? await stateOn(
        data,
        items.map((i) => i.id),
        day,
      )
    : new Map()
  const names = await unitNames(
    data,
    items.map((i) => i.deptSerial ?? ''),
  )
  return items.map((e) => {
    const then = state.get(e.id)
    return {
      id: e.id,
      assetNo: e.equipmentNo ?? '',
      classCode: text(e.classCode),
      name: text(e.equipmentName),
      model: text(e.model),
      spec: text(e.specification),
      sourceCode: text(e.source),
      countryCode: text(e.countryCode),
      unitPrice: then ? then.price : text(e.price),
      acceptDate: text(e.purchaseDate),
      statusCode: text(then ? then.status : e.statusCode),
      disposalDate: text(e.scrapDate),
      useDirection: text(e.useDirection),
      unitCode: text(e.deptSerial),
      unitName: e.deptSerial ? (names.get(e.deptSerial) ?? null) : null,
      keeper: text(e.keeper),
    }
  })
}

function pickerConditions(f: EquipmentFilter): (SQL | undefined)[] {
  const e = assetsEquipment
  return [
    f.classCode ? like(e.classCode, `${escapeLike(f.classCode)}%`) : undefined,
    f.keyword
      ? or(
          ilike(e.equipmentName, `%${escapeLike(f.keyword)}%`),
          ilike(e.equipmentNo, `%${escapeLike(f.keyword)}%`),
        )
      : undefined,
    f.purchasedFrom ? gte(e.purchaseDate, f.purchasedFrom) : undefined,
    f.purchasedTo ? lte(e.purchaseDate, f.purchasedTo) : undefined,
    f.unitCodes ? inArray(e.deptSerial, f.unitCodes.length ? f.unitCodes : ['']) : undefined,
  ]
}

export const equipmentReportSource: EquipmentSource = {
  async list(data: Data, scope: SourceScope) {
    if (!scope.deptSerials.length) return []
    const items = await data
      .repo(assetsEquipment)
      .find([inArray(assetsEquipment.deptSerial, scope.deptSerials)], {
        sort: [asc(assetsEquipment.equipmentNo)],
      })
    return records(data, items, scope.yearEnd)
  },

  /** The picked items (导入设备) within the caller's data scope of the equipment register. */
  async byIds(data: Data, ids: string[]) {
    if (!ids.length) return []
    const items = await data.repo(assetsEquipment, equipmentResource).find([inArray(assetsEquipment.id, ids)])
    return records(data, items, null)
  },

  async search(data: Data, filter: EquipmentFilter, paging: Paging) {
    const found = await data.repo(assetsEquipment, equipmentResource).page(
      {},
      {
        filters: false,
        where: pickerConditions(filter),
        sort: [asc(assetsEquipment.equipmentNo), asc(assetsEquipment.id)],
      },
      paging,
    )
    return { ...found, records: await records(data, found.records, null) }
  },

  async usage(data: Data, ids: string[], scope: SourceScope) {
    const out = new Map<string, EquipmentUsage>()
    if (!ids.length) return out
    const u = assetsEquipmentUsage
    const rows = await data
      .repo(u)
      .find([and(inArray(u.equipmentId, ids), eq(u.academicYear, scope.academicYear))])
    for (const r of rows)
      out.set(String(r.equipmentId), {
        teachHours: r.teachHours ?? 0,
        researchHours: r.researchHours ?? 0,
        serviceHours: r.serviceHours ?? 0,
        openHours: r.openHours ?? 0,
        sampleCount: r.sampleCount ?? 0,
        trainStudents: r.trainStudents ?? 0,
        trainTeachers: r.trainTeachers ?? 0,
        trainOthers: r.trainOthers ?? 0,
        teachProjects: r.teachProjects ?? 0,
        researchProjects: r.researchProjects ?? 0,
        serviceProjects: r.serviceProjects ?? 0,
        awardNational: r.awardsNational ?? 0,
        awardProvincial: r.awardsProvincial ?? 0,
        patentTeacher: r.patentsTeacher ?? 0,
        patentStudent: r.patentsStudent ?? 0,
        paperIndexed: r.papersIndexed ?? 0,
        paperCore: r.papersCore ?? 0,
        managerName: text(r.managerName),
        remark: text(r.lowUseReason),
      })
    return out
  },
}
