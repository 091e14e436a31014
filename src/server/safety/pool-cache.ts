import { inArray, sql, type SQL } from 'drizzle-orm'
import { dataOfTenant, type Data } from '../core/data'
import { safetyQuestion, type safetyPaper, type safetyPlan } from '../db/schema'
import { readVersion, versionOf } from '../db/versions'
import { parseProportions } from '../../shared/resources/safety/proportions'
import {
  categoryTree,
  checkProportionTree,
  checkShortage,
  drawIds,
  drawnRows,
  poolMembers,
  poolsOf,
  poolScope,
  rowsOfDraw,
  type Pool,
  type QuestionRow,
} from './generation'

type PaperRow = typeof safetyPaper.$inferSelect
type PlanRow = typeof safetyPlan.$inferSelect

/**
 * The pools of a random paper (组卷方式 2) kept in memory with their question rows: 500 candidates
 * starting within seconds draw from the same pools, so a start is a draw in memory and a check, inside
 * the start's own statement (predraw), that the bank is still at the version the pools were read at
 * (B.5). Keyed by tenant, paper and the paper's version (its update time): an edited paper reads its
 * pools afresh.
 *
 * - Off the start path: pools are read when a plan is published and refreshed by the sweeper while
 *   its window is open (pool-warming.ts); a start finding none waits on the one read in flight.
 *   Starts never begin a refresh of current pools: on the one embedded connection it would hold up
 *   the starts behind it.
 * - Refreshed in place: once due (POOL_TTL_MS) the sweeper first asks the bank's version (one
 *   row); unchanged, the pools are kept another period without reading them. Otherwise it
 *   reads the pools' ids and stamps again and only the rows that are new or stamped differently; the
 *   kept pools serve meanwhile.
 * - A write to the tenant's bank or categories (invalidateBank, after it commits) makes its pools
 *   stale: the next start waits on a read begun after the write. Another server process's write moves
 *   the bank version (a trigger): its starts draw again from rows read by id, and the sweeper's next
 *   refresh reads the pools.
 */
export const POOL_TTL_MS = 60_000
/** Kept pools unused this long are dropped. */
const IDLE_MS = 10 * 60_000
const MAX_PAPERS = 200
/** Plans whose paper is remembered for predraw (a plan's paper is fixed once it is published). */
const MAX_PLANS = 1000
/** Ids per statement when rows are read by id. */
const CHUNK = 1000

export interface KeptPools {
  pools: Pool[]
  /** The pools' question rows as read, by id. */
  rows: Map<string, QuestionRow>
  /** The bank's version (bankVersion) taken just before the read. */
  version: string
}

interface Read {
  /** Reads are numbered in the order they begin. */
  seq: number
  /** The tenant's bank version when the read began. */
  bankVersion: number
}
interface Entry {
  /** The last completed read, and when it is due for a refresh. */
  done?: Read & { kept: KeptPools; refreshAt: number }
  /** The read in flight, shared by every start arriving meanwhile. */
  reading?: Read & { kept: Promise<KeptPools> }
  usedAt: number
}
const entries = new Map<string, Entry>()
const bankVersions = new Map<string, number>()
/**
 * `tenant:plan` → its paper's entry key, for predraw, with the paper and plan rows as last read
 * (a start in one statement builds its snapshot from them and checks them unchanged).
 */
interface PlanNote {
  key: string
  paper: PaperRow
  plan?: PlanRow
}
const planPapers = new Map<string, PlanNote>()
let reads = 0

const entryKeyOf = (tenantId: string, paper: PaperRow) =>
  `${tenantId}:${paper.id}:${paper.updateTime?.getTime() ?? 0}`

const isCurrent = (tenantId: string, done: Entry['done']): done is NonNullable<Entry['done']> =>
  !!done && done.bankVersion === (bankVersions.get(tenantId) ?? 0)

/** The tenant's bank or categories changed (the write committed): its kept pools are stale. */
export function invalidateBank(tenantId: string) {
  bankVersions.set(tenantId, (bankVersions.get(tenantId) ?? 0) + 1)
}

export const labelIdsOf = (paper: PaperRow) =>
  String(paper.labelIds ?? '')
    .split(',')
    .filter(Boolean)

/** The paper's question counts by 题型 (1 单选, 2 多选, 3 判断). */
export const typeCountsOf = (paper: PaperRow) => ({
  1: paper.singleCount ?? 0,
  2: paper.multipleCount ?? 0,
  3: paper.judgeCount ?? 0,
})

/**
 * The paper's pools read now. With `previous` kept, only its rows that are new or stamped otherwise
 * are read (the pools' ids and stamps in one query); without, the pools' rows in one query.
 */
async function readPools(data: Data, paper: PaperRow, previous?: KeptPools): Promise<KeptPools> {
  const version = await bankVersion(data)
  const proportions = parseProportions(paper.categoryProportion) ?? []
  const categories = await categoryTree(data)
  checkProportionTree(proportions, categories)
  const counts = typeCountsOf(paper)
  const scope = poolScope(data, categories, proportions, counts, labelIdsOf(paper))
  const rows = new Map<string, QuestionRow>()
  if (!previous) {
    const found = scope.where
      ? await data.db.select().from(safetyQuestion).where(scope.where).orderBy(safetyQuestion.id)
      : []
    for (const r of found) rows.set(r.id, r)
    return { pools: poolsOf(found, scope, categories, proportions, counts), rows, version }
  }
  const members = await poolMembers(data, scope)
  const stale: string[] = []
  for (const m of members) {
    const k = previous.rows.get(m.id)
    const same =
      k &&
      k.updateTime?.getTime() === m.updateTime?.getTime() &&
      k.categoryId === m.categoryId &&
      k.questionType === m.questionType
    if (same) rows.set(m.id, k)
    else stale.push(m.id)
  }
  for (const r of await rowsById(data, stale)) rows.set(r.id, r)
  return { pools: poolsOf(members, scope, categories, proportions, counts), rows, version }
}

async function rowsById(data: Data, ids: string[]): Promise<QuestionRow[]> {
  const found: QuestionRow[] = []
  for (let i = 0; i < ids.length; i += CHUNK)
    found.push(
      ...(await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids.slice(i, i + CHUNK))])),
    )
  return found
}

/** The tenant's bank version (the change version of `safetyBank`), as text. */
const bankVersion = (data: Data) => readVersion(data.db, data.tenantId, 'safetyBank')

const bankVersionOf = (data: Data) => versionOf(data.tenantId, 'safetyBank')

/**
 * Whether the bank is still at the version of the kept pools (a scalar condition). The version is
 * read before the pools: a write committed in between makes the pools look older than they are,
 * never newer.
 */
export const bankUnchanged = (data: Data, kept: KeptPools): SQL<boolean> =>
  sql<boolean>`(${bankVersionOf(data)} = ${kept.version})`

function entryOf(data: Data, paper: PaperRow): Entry {
  const key = entryKeyOf(data.tenantId, paper)
  const now = Date.now()
  let entry = entries.get(key)
  if (!entry) {
    for (const [k, e] of entries) if (now - e.usedAt > IDLE_MS) entries.delete(k)
    if (entries.size >= MAX_PAPERS) entries.delete(entries.keys().next().value!)
    entry = { usedAt: now }
  }
  // re-inserted: the map's order is the order of use
  entries.delete(key)
  entries.set(key, entry)
  entry.usedAt = now
  return entry
}

/**
 * A read of the paper's pools begun after read number `after` at the tenant's current bank version:
 * the one in flight when it qualifies, else a new one. A failed read (a bad proportion, the
 * database) is not kept; the previous pools stay.
 */
function readAfter(data: Data, paper: PaperRow, entry: Entry, after: number): Promise<KeptPools> {
  const bankVersion = bankVersions.get(data.tenantId) ?? 0
  const inFlight = entry.reading
  if (inFlight && inFlight.seq > after && inFlight.bankVersion === bankVersion) return inFlight.kept
  const seq = ++reads
  // Its own handle: a refresh outlives the request that asked for it.
  const kept = readPools(dataOfTenant(data.db, data.tenantId), paper, entry.done?.kept)
  const reading = { seq, bankVersion, kept }
  entry.reading = reading
  kept.then(
    (k) => {
      if (!entry.done || entry.done.seq < seq)
        entry.done = { seq, bankVersion, kept: k, refreshAt: Date.now() + POOL_TTL_MS }
    },
    () => undefined,
  )
  void kept
    .catch(() => undefined)
    .finally(() => {
      if (entry.reading === reading) entry.reading = undefined
    })
  return kept
}

/**
 * The paper's pools: the kept ones, or a read shared by every start arriving meanwhile when none are
 * kept, the bank changed since, or `fresh` (a drawn question left its pool) asks for a read begun
 * after this call.
 */
export function paperPools(data: Data, paper: PaperRow, fresh = false): Promise<KeptPools> {
  const entry = entryOf(data, paper)
  const done = entry.done
  if (!isCurrent(data.tenantId, done) || fresh)
    return readAfter(data, paper, entry, fresh ? reads : (done?.seq ?? 0))
  return Promise.resolve(done.kept)
}

/**
 * Reads the paper's pools unless the kept ones are current and not due (the sweeper, 发布). Due ones
 * whose bank version is unchanged are kept another period: an idle server reads one row.
 */
export async function warmPools(data: Data, paper: PaperRow, plans: PlanRow[] = []): Promise<void> {
  const entry = entryOf(data, paper)
  for (const plan of plans) notePlanPaper(data.tenantId, plan.id, paper, plan)
  const done = entry.done
  if (isCurrent(data.tenantId, done)) {
    if (Date.now() < done.refreshAt) return
    const version = await bankVersion(data)
    if (version === done.kept.version && entry.done === done && isCurrent(data.tenantId, done)) {
      done.refreshAt = Date.now() + POOL_TTL_MS
      return
    }
  }
  await readAfter(data, paper, entry, done?.seq ?? 0)
}

/**
 * The plan's paper (and the plan as read with it), remembered so that the plan's next start can draw
 * before its read (predraw).
 */
export function notePlanPaper(tenantId: string, planId: string, paper: PaperRow, plan?: PlanRow) {
  const at = `${tenantId}:${planId}`
  const key = entryKeyOf(tenantId, paper)
  const before = planPapers.get(at)
  planPapers.delete(at)
  planPapers.set(at, { key, paper, plan: plan ?? (before?.key === key ? before.plan : undefined) })
  if (planPapers.size > MAX_PLANS) planPapers.delete(planPapers.keys().next().value!)
}

/** A draw made before the start has read its plan, from the kept pools of the plan's paper. */
export interface Predraw {
  /** The entry drawn from: good only if the plan's paper read by the start has this key. */
  key: string
  kept: KeptPools
  chosen: string[][]
  /** The plan's paper and the plan as last read: to be checked unchanged before use. */
  paper: PaperRow
  plan?: PlanRow
}

/**
 * A draw from the current kept pools of the plan's remembered paper, or none (pools not read, stale,
 * or short: the start takes the path that reads or says why). The start's statement checks the bank
 * unchanged (bankUnchanged), so a start is that read and its insert, or the insert alone.
 */
export function predraw(tenantId: string, planId: string): Predraw | undefined {
  const note = planPapers.get(`${tenantId}:${planId}`)
  const entry = note ? entries.get(note.key) : undefined
  const done = entry?.done
  if (!note || !entry || !isCurrent(tenantId, done)) return undefined
  if (done.kept.pools.some((p) => p.have < p.need)) return undefined
  entry.usedAt = Date.now()
  const { key, paper, plan } = note
  return { key, kept: done.kept, chosen: drawIds(done.kept.pools), paper, plan }
}

/** Whether a start's paper is the one its predraw was made for. */
export const predrawFits = (pre: Predraw, tenantId: string, paper: PaperRow) =>
  pre.key === entryKeyOf(tenantId, paper)

/**
 * The rows of a draw from kept pools: the kept rows when the bank is unchanged (bankUnchanged), else
 * the drawn rows read by id; null when a drawn question left its pool.
 */
export function rowsOfKeptDraw(
  data: Data,
  kept: KeptPools,
  chosen: string[][],
  unchanged: boolean,
  labelIds: string[],
): Promise<QuestionRow[] | null> | QuestionRow[] | null {
  if (!unchanged) return rowsOfDraw(data, kept.pools, chosen, labelIds)
  return drawnRows(kept.pools, chosen, kept.rows, labelIds)
}

/** The kept rows of a predraw, in draw order (the caller's statement checks the bank unchanged). */
export const drawnRowsOf = (pre: Predraw, labelIds: string[]) =>
  drawnRows(pre.kept.pools, pre.chosen, pre.kept.rows, labelIds)

/** A draw from kept pools, checked against the bank version (a start without a predraw). */
export async function drawKept(
  data: Data,
  kept: KeptPools,
  labelIds: string[],
): Promise<QuestionRow[] | null> {
  checkShortage(kept.pools)
  const chosen = drawIds(kept.pools)
  const [{ unchanged }] = await data.db
    .select({ unchanged: bankUnchanged(data, kept) })
    .from(sql`(select 1) as one`)
  return rowsOfKeptDraw(data, kept, chosen, unchanged, labelIds)
}
