import { and, eq, inArray, lte } from 'drizzle-orm'
import { dataOfTenant, type Data } from '../core/data'
import { safetyQuestion, type safetyPaper } from '../db/schema'
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

/**
 * The pools of a random paper (组卷方式 2) kept in memory with their question rows: 500 candidates
 * starting within seconds draw from the same pools, so a start is a draw in memory and one count that
 * none of the drawn rows changed since they were read (B.5). Keyed by tenant, paper and the paper's
 * version (its update time): an edited paper reads its pools afresh.
 *
 * - Off the start path: pools are read when a plan is published and refreshed by the sweeper while
 *   its window is open (pool-warming.ts); a start finding none waits on the one read in flight.
 *   Starts never begin a refresh of current pools: on the one embedded connection it would hold up
 *   the starts behind it.
 * - Refreshed in place: once due (POOL_TTL_MS) the sweeper reads the pools' ids and stamps again and
 *   only the rows that are new or stamped differently; the kept pools serve meanwhile.
 * - A write to the tenant's bank or categories (invalidateBank, after it commits) makes its pools
 *   stale: the next start waits on a read begun after the write. Another server process sees added
 *   questions at its sweeper's next refresh; a drawn question edited or gone is caught by every
 *   start's count.
 */
export const POOL_TTL_MS = 60_000
/** Kept pools unused this long are dropped. */
const IDLE_MS = 10 * 60_000
const MAX_PAPERS = 200
/**
 * Rows are stamped (update_time) before their write commits: a row stamped this long before the read
 * began counts as changed, so a write in flight during the read is never taken for unchanged.
 */
const STAMP_MARGIN_MS = 10_000
/** Ids per statement when rows are read by id. */
const CHUNK = 1000

export interface KeptPools {
  pools: Pool[]
  /** The pools' question rows as read, by id. */
  rows: Map<string, QuestionRow>
  /** Rows updated after this time may differ from the kept ones. */
  unchangedUntil: Date
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
let reads = 0

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
  const unchangedUntil = new Date(Date.now() - STAMP_MARGIN_MS)
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
    return { pools: poolsOf(found, scope, categories, proportions, counts), rows, unchangedUntil }
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
  return { pools: poolsOf(members, scope, categories, proportions, counts), rows, unchangedUntil }
}

async function rowsById(data: Data, ids: string[]): Promise<QuestionRow[]> {
  const found: QuestionRow[] = []
  for (let i = 0; i < ids.length; i += CHUNK)
    found.push(
      ...(await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids.slice(i, i + CHUNK))])),
    )
  return found
}

/**
 * When kept pools are due for a refresh: after POOL_TTL_MS, or sooner once rows stamped inside the
 * margin (written just before the read) can be taken for unchanged, so starts stop reading them.
 */
function refreshAtOf(kept: KeptPools, readAt: number): number {
  let newest = 0
  for (const r of kept.rows.values()) newest = Math.max(newest, r.updateTime?.getTime() ?? 0)
  const settled = newest > kept.unchangedUntil.getTime() ? newest + STAMP_MARGIN_MS + 1000 : Infinity
  return Math.min(readAt + POOL_TTL_MS, settled)
}

function entryOf(data: Data, paper: PaperRow): Entry {
  const key = `${data.tenantId}:${paper.id}:${paper.updateTime?.getTime() ?? 0}`
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
  const readAt = Date.now()
  // Its own handle: a refresh outlives the request that asked for it.
  const kept = readPools(dataOfTenant(data.db, data.tenantId), paper, entry.done?.kept)
  const reading = { seq, bankVersion, kept }
  entry.reading = reading
  kept.then(
    (k) => {
      if (!entry.done || entry.done.seq < seq)
        entry.done = { seq, bankVersion, kept: k, refreshAt: refreshAtOf(k, readAt) }
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
  const current = done && done.bankVersion === (bankVersions.get(data.tenantId) ?? 0)
  if (!current || fresh) return readAfter(data, paper, entry, fresh ? reads : (done?.seq ?? 0))
  return Promise.resolve(done.kept)
}

/** Reads the paper's pools unless the kept ones are current and not due (the sweeper, 发布). */
export async function warmPools(data: Data, paper: PaperRow): Promise<void> {
  const entry = entryOf(data, paper)
  const done = entry.done
  const current = done && done.bankVersion === (bankVersions.get(data.tenantId) ?? 0)
  if (current && Date.now() < done.refreshAt) return
  await readAfter(data, paper, entry, done?.seq ?? 0)
}

/**
 * A draw from kept pools: the kept rows of the drawn questions when a count shows each still 启用 and
 * unchanged since the read, the others read by id; null when a drawn question left its pool.
 */
export async function drawKept(
  data: Data,
  kept: KeptPools,
  labelIds: string[],
): Promise<QuestionRow[] | null> {
  checkShortage(kept.pools)
  const chosen = drawIds(kept.pools)
  const ids = chosen.flat()
  const known = ids.filter((id) => kept.rows.has(id))
  const unchanged = known.length
    ? await data
        .repo(safetyQuestion)
        .count(
          and(
            inArray(safetyQuestion.id, known),
            eq(safetyQuestion.status, 1),
            lte(safetyQuestion.updateTime, kept.unchangedUntil),
          ),
        )
    : 0
  if (unchanged !== known.length || known.length !== ids.length)
    return rowsOfDraw(data, kept.pools, chosen, labelIds)
  return drawnRows(kept.pools, chosen, kept.rows, labelIds)
}
