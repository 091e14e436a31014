/**
 * 实验室信息 routes: the engine's list (whole tree), page, save, update and remove with the SJ6 rules
 * as hooks, plus detail by serial, lazy levels, the picker tree, the unpaged list and autoCode.
 */
import { asc, count, eq, inArray, like, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { labInfoApi, type LabInfo, type LabNode } from '../../shared/api/lab'
import { labInfoResource } from '../../shared/resources/lab/lab-info'
import { gbkBytes } from '../../shared/resources/lab/time'
import type { Data } from '../core/data'
import { dataOf } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import { registerImport } from '../base/spreadsheet'
import { dept, labInfo, labRoom, labTeacher } from '../db/schema'

type Row = Record<string, unknown>
type Lab = typeof labInfo.$inferSelect

const CENTRE = 1

/** 院系号 → name of the tenant's departments named by `serials`. */
export async function deptNames(
  data: Data,
  serials: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(serials.filter((s): s is string => !!s))]
  if (!wanted.length) return new Map()
  const rows = await data.db
    .select({ serial: dept.serial, name: dept.deptName })
    .from(dept)
    .where(data.rows(dept, inArray(dept.serial, wanted)))
  return new Map(rows.map((r) => [String(r.serial), r.name]))
}

/** Labs with their college's and parent's names and their room count. */
async function present(data: Data, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows
  const names = await deptNames(
    data,
    rows.map((r) => r.deptSerial as string | null),
  )
  const ids = rows.map((r) => String(r.id))
  const parentIds = [...new Set(rows.map((r) => String(r.parentId ?? '0')).filter((p) => p !== '0'))]
  const parents = parentIds.length
    ? await data.db
        .select({ id: labInfo.id, labName: labInfo.labName })
        .from(labInfo)
        .where(data.rows(labInfo, inArray(labInfo.id, parentIds)))
    : []
  const rooms = await data.db
    .select({ labId: labRoom.labId, n: count() })
    .from(labRoom)
    .where(data.rows(labRoom, inArray(labRoom.labId, ids)))
    .groupBy(labRoom.labId)
  const parentName = new Map(parents.map((p) => [p.id, p.labName]))
  const roomCount = new Map(rooms.map((r) => [String(r.labId), Number(r.n)]))
  return rows.map((r) => ({
    ...r,
    deptName: names.get(String(r.deptSerial)) ?? null,
    parentName: parentName.get(String(r.parentId)) ?? null,
    roomCount: roomCount.get(String(r.id)) ?? 0,
  }))
}

/**
 * The next 实验室编号: the college's 院系号 (letters and digits, at most 7) followed by 3 digits, or 4
 * digits without one, one above the highest number of that shape ever given in the tenant (deleted
 * labs included, so a number is never given twice). Nothing is reserved: save checks again.
 */
export async function nextSerial(
  data: Data,
  deptSerial?: string | null,
  taken: Set<string> = new Set(),
): Promise<string> {
  const prefix = deptSerial && /^[A-Za-z0-9]{1,7}$/.test(deptSerial) ? deptSerial : ''
  const digits = prefix ? 3 : 4
  const rows = await data.db
    .select({ serial: labInfo.serial })
    .from(labInfo)
    .where(data.everRows(labInfo, like(labInfo.serial, `${prefix}%`)))
  const shape = new RegExp(`^${prefix}(\\d{${digits}})$`)
  let max = 0
  for (const serial of [...rows.map((r) => r.serial ?? ''), ...taken]) {
    const m = shape.exec(serial)
    if (m) max = Math.max(max, Number(m[1]))
  }
  if (max + 1 >= 10 ** digits)
    bad(prefix ? `院系${prefix}的实验室编号已用完，请手工输入编号` : '实验室编号已用完，请手工输入编号')
  return `${prefix}${String(max + 1).padStart(digits, '0')}`
}

/** The serial's owner among every row ever written (deleted included), other than `exceptId`. */
async function serialOwner(data: Data, serial: string, exceptId?: string) {
  const [hit] = await data.db
    .select({ id: labInfo.id, isDeleted: labInfo.isDeleted })
    .from(labInfo)
    .where(
      data.everRows(labInfo, eq(labInfo.serial, serial), exceptId ? ne(labInfo.id, exceptId) : undefined),
    )
    .limit(1)
  return hit
}

/** The ids of `id` and every lab below it. */
async function subtreeOf(data: Data, id: string): Promise<Set<string>> {
  const all = await data.db
    .select({ id: labInfo.id, parentId: labInfo.parentId })
    .from(labInfo)
    .where(data.rows(labInfo))
  const below = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const r of all)
      if (r.parentId && below.has(r.parentId) && !below.has(r.id)) {
        below.add(r.id)
        grew = true
      }
  }
  return below
}

/**
 * Serials handed out or claimed in one transaction that are not in the table yet (an import inserts
 * its rows at the end): keyed by the transaction's handle.
 */
const claimed = new WeakMap<object, Set<string>>()
const claimedIn = (data: Data) => {
  let set = claimed.get(data.db)
  if (!set) claimed.set(data.db, (set = new Set()))
  return set
}

/** The SJ6 rules of a lab row about to be written (also used by the import, row by row). */
export async function checkLab(data: Data, row: Row, isNew: boolean, id?: string): Promise<void> {
  const current: Partial<Lab> = isNew ? {} : ((await data.repo(labInfo).get(id!)) ?? {})
  const name = (row.labName ?? current.labName) as string | undefined
  if (name && gbkBytes(name) > 50) bad('实验室名称不能超过25个汉字（50字节）')
  const parentId = String(row.parentId ?? current.parentId ?? '0')
  if (parentId !== '0') {
    const parent = await data.repo(labInfo).get(parentId)
    if (!parent) bad('上级实验室不存在')
    if (parent!.labKind !== CENTRE) bad('上级只能是实验中心')
    if (!isNew && (await subtreeOf(data, id!)).has(parentId)) bad('上级实验室不能是本实验室或其下级')
  }
  const kind = Number(row.labKind ?? current.labKind ?? 2)
  if (!isNew && kind !== CENTRE) {
    const children = await data.repo(labInfo).count(eq(labInfo.parentId, id!))
    if (children) bad('该实验中心下还有实验室，不能改为实验室')
  }
  const deptSerial = (row.deptSerial ?? current.deptSerial) as string | undefined
  if (row.deptSerial !== undefined && deptSerial) {
    const names = await deptNames(data, [deptSerial])
    if (!names.size) bad(`所属院系（${deptSerial}）不存在`)
  }
  if (row.serial === undefined || row.serial === null || row.serial === '') {
    if (isNew) {
      // One serial handed out at a time per tenant, so two new labs never get the same number.
      await data.db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`lab_info_serial:${data.tenantId}`}))`,
      )
      row.serial = await nextSerial(data, deptSerial, claimedIn(data))
      claimedIn(data).add(String(row.serial))
    } else delete row.serial
  } else {
    const owner = await serialOwner(data, String(row.serial), isNew ? undefined : id)
    if (owner)
      bad(owner.isDeleted ? '实验室编号已被使用过（实验室已删除），不能重复使用' : '实验室编号已存在')
    if (claimedIn(data).has(String(row.serial))) bad(`实验室编号${String(row.serial)}重复`)
    claimedIn(data).add(String(row.serial))
  }
}

const hooks: ResourceHooks = {
  beforeSave: async ({ data, row, isNew, request }) => {
    // An import that covers existing rows names them by their unique name, not by id.
    const given = isNew ? undefined : (request.body as Row | null)?.id
    const id =
      typeof given === 'string' || typeof given === 'number'
        ? String(given)
        : isNew
          ? undefined
          : (await data.repo(labInfo).first(eq(labInfo.labName, String(row.labName))))?.id
    await checkLab(data, row, isNew, id)
  },
  beforeRemove: async ({ data, ids }) => {
    const rooms = await data.repo(labRoom).count(inArray(labRoom.labId, ids))
    if (rooms) bad('所选实验室下还有房间，请先删除或转移房间')
    const staff = await data.repo(labTeacher).count(inArray(labTeacher.labId, ids))
    if (staff) bad('所选实验室还有实验室人员，请先调整人员')
  },
  present: (rows, request) => present(dataOf(request), rows),
}

const toNode = (r: Lab & { hasChildren?: boolean }): LabNode => ({
  id: r.id,
  parentId: r.parentId ?? '0',
  title: r.labName ?? '',
  value: r.id,
  key: r.id,
  serial: r.serial,
  labKind: r.labKind,
  deptSerial: r.deptSerial,
  ...(r.hasChildren !== undefined ? { hasChildren: r.hasChildren } : {}),
})

/** Nested nodes of flat rows (a child whose parent is missing becomes a root). */
export function forest(rows: Lab[]): LabNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]))
  const roots: LabNode[] = []
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId)
    if (parent) (parent.children ??= []).push(n)
    else roots.push(n)
  }
  for (const n of nodes.values()) n.hasChildren = !!n.children?.length
  return roots
}

const ordered = [asc(labInfo.sort), asc(labInfo.serial), asc(labInfo.id)]

export function registerLabInfoRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, labInfoResource, labInfo, hooks)
  registerImport(app, labInfoResource, labInfo, { hooks, path: labInfoResource.importPath })

  route(app, labInfoApi.detail, async ({ query, data }) => {
    const repo = data.repo(labInfo, labInfoResource)
    const row = query.id
      ? await repo.get(query.id)
      : await repo.first(eq(labInfo.serial, String(query.serial)))
    if (!row) bad('实验室不存在或无权访问')
    return ok((await present(data, [row as Row]))[0] as unknown as LabInfo)
  })

  route(app, labInfoApi.lazyList, async ({ query, data }) => {
    const { parentId, ...filters } = query
    const repo = data.repo(labInfo, labInfoResource)
    const rows = await repo.list(filters, { where: [eq(labInfo.parentId, parentId)], sort: ordered })
    const ids = rows.map((r) => r.id)
    const parents = new Set<string>()
    if (ids.length) {
      const kids = await data.db
        .select({ parentId: labInfo.parentId })
        .from(labInfo)
        .where(data.rows(labInfo, inArray(labInfo.parentId, ids)))
        .groupBy(labInfo.parentId)
      for (const k of kids) if (k.parentId) parents.add(k.parentId)
    }
    const shown = await present(data, rows as Row[])
    return ok(shown.map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) })) as LabInfo[])
  })

  route(app, labInfoApi.tree, async ({ query, data }) => {
    const rows = await data.repo(labInfo, labInfoResource).list(query, { sort: ordered })
    return ok(forest(rows))
  })

  route(app, labInfoApi.allList, async ({ query, data }) => {
    const rows = await data.repo(labInfo, labInfoResource).list(query, { sort: ordered })
    return ok((await present(data, rows as Row[])) as unknown as LabInfo[])
  })

  route(app, labInfoApi.autoCode, async ({ query, data }) => ok(await nextSerial(data, query.deptSerial)))
}

/** The lab rows of the given ids (this tenant, live), by id. */
export async function labsById(data: Data, ids: (string | null | undefined)[]): Promise<Map<string, Lab>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i && i !== '0'))]
  if (!wanted.length) return new Map()
  const rows = await data.db
    .select()
    .from(labInfo)
    .where(data.rows(labInfo, inArray(labInfo.id, wanted)))
  return new Map(rows.map((r) => [r.id, r]))
}
