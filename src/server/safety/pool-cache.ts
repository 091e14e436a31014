import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Data } from '../core/data'
import { safetyQuestion, type safetyPaper } from '../db/schema'
import { parseProportions } from '../../shared/resources/safety/proportions'
import {
  categoryTree,
  checkProportionTree,
  checkShortage,
  drawIds,
  drawnRows,
  loadPools,
  rowsOfDraw,
  type Pool,
  type QuestionRow,
} from './generation'

type PaperRow = typeof safetyPaper.$inferSelect

/**
 * The pools of a random paper (组卷方式 2), read once and kept in memory with their question rows for
 * the starts of its exams: 500 candidates starting within seconds draw from the same pools, so each
 * start is a draw in memory and one count that none of the drawn rows changed since they were read
 * (B.5). Keyed by tenant, paper and the paper's version (its update time): an edited paper reads its
 * pools afresh. A pool is kept for POOL_TTL_MS at most, so questions added to the bank join the draws
 * within a minute; a drawn question edited or gone since the read sends the start to the rows
 * themselves (rowsOfDraw), and one that left its pool has the pools read again at once.
 */
export const POOL_TTL_MS = 60_000
const MAX_PAPERS = 200
/**
 * Rows are stamped (update_time) before their write commits: a row stamped this long before the read
 * began counts as changed, so a write in flight during the read is never taken for unchanged.
 */
const STAMP_MARGIN_MS = 10_000
/** Ids per statement when the pools' rows are read. */
const CHUNK = 1000

export interface KeptPools {
  pools: Pool[]
  /** The pools' question rows as read, by id. */
  rows: Map<string, QuestionRow>
  /** Rows updated after this time may differ from the kept ones. */
  unchangedUntil: Date
}

interface Entry {
  readAt: number
  kept: Promise<KeptPools>
}
const entries = new Map<string, Entry>()

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

async function readPools(data: Data, paper: PaperRow): Promise<KeptPools> {
  const unchangedUntil = new Date(Date.now() - STAMP_MARGIN_MS)
  const proportions = parseProportions(paper.categoryProportion) ?? []
  const categories = await categoryTree(data)
  checkProportionTree(proportions, categories)
  const pools = await loadPools(data, categories, proportions, typeCountsOf(paper), labelIdsOf(paper))
  const kept: KeptPools = { pools, rows: new Map(), unchangedUntil }
  // The rows are read behind the first starts (which read their own drawn rows meanwhile).
  void keepRows(
    data,
    kept,
    pools.flatMap((p) => p.ids),
  ).catch(() => undefined)
  return kept
}

/** Reads rows by id into the kept ones. */
async function keepRows(data: Data, kept: KeptPools, ids: string[]): Promise<QuestionRow[]> {
  const found: QuestionRow[] = []
  for (let i = 0; i < ids.length; i += CHUNK)
    found.push(
      ...(await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids.slice(i, i + CHUNK))])),
    )
  for (const r of found) kept.rows.set(r.id, r)
  return found
}

/** The paper's pools: the kept ones, or one read shared by every start arriving meanwhile. */
export function paperPools(data: Data, paper: PaperRow, fresh = false): Promise<KeptPools> {
  const key = `${data.tenantId}:${paper.id}:${paper.updateTime?.getTime() ?? 0}`
  const now = Date.now()
  const kept = entries.get(key)
  if (kept && !fresh && now - kept.readAt < POOL_TTL_MS) return kept.kept
  for (const [k, e] of entries) if (now - e.readAt >= POOL_TTL_MS) entries.delete(k)
  if (entries.size >= MAX_PAPERS) entries.delete(entries.keys().next().value!)
  const read = readPools(data, paper)
  entries.set(key, { readAt: now, kept: read })
  // a failed read (a bad proportion, the database) is not kept
  read.catch(() => entries.get(key)?.kept === read && entries.delete(key))
  return read
}

/**
 * A draw from kept pools: the kept rows of the drawn questions when a count shows each still 启用 and
 * unchanged since the read, the others read by id (and kept); null when a drawn question left its pool.
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
  if (unchanged !== known.length) return rowsOfDraw(data, kept.pools, chosen, labelIds)
  const missing = ids.filter((id) => !kept.rows.has(id))
  if (missing.length) await keepRows(data, kept, missing)
  return drawnRows(kept.pools, chosen, kept.rows, labelIds)
}
