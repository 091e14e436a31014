import type { Data } from '../core/data'
import type { safetyPaper } from '../db/schema'
import { parseProportions } from '../../shared/resources/safety/proportions'
import { categoryTree, checkProportionTree, loadPools, type Pool } from './generation'

type PaperRow = typeof safetyPaper.$inferSelect

/**
 * The pools of a random paper (组卷方式 2), read once and kept in memory for the starts of its exams:
 * 500 candidates starting within seconds draw from the same pools, so each start is a draw in memory
 * and one read of the drawn rows by id (B.5). Keyed by tenant, paper and the paper's version (its
 * update time): an edited paper reads its pools afresh. A pool is kept for POOL_TTL_MS at most, so
 * questions added to the bank join the draws within a minute; questions that left a pool are caught
 * when the drawn rows are read (drawFromPools) and the pools are read again at once.
 */
export const POOL_TTL_MS = 60_000
const MAX_PAPERS = 200

interface Entry {
  readAt: number
  pools: Promise<Pool[]>
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

async function readPools(data: Data, paper: PaperRow): Promise<Pool[]> {
  const proportions = parseProportions(paper.categoryProportion) ?? []
  const categories = await categoryTree(data)
  checkProportionTree(proportions, categories)
  return loadPools(data, categories, proportions, typeCountsOf(paper), labelIdsOf(paper))
}

/** The paper's pools: the kept ones, or one read shared by every start arriving meanwhile. */
export function paperPools(data: Data, paper: PaperRow, fresh = false): Promise<Pool[]> {
  const key = `${data.tenantId}:${paper.id}:${paper.updateTime?.getTime() ?? 0}`
  const now = Date.now()
  const kept = entries.get(key)
  if (kept && !fresh && now - kept.readAt < POOL_TTL_MS) return kept.pools
  for (const [k, e] of entries) if (now - e.readAt >= POOL_TTL_MS) entries.delete(k)
  if (entries.size >= MAX_PAPERS) entries.delete(entries.keys().next().value!)
  const pools = readPools(data, paper)
  entries.set(key, { readAt: now, pools })
  // a failed read (a bad proportion, the database) is not kept
  pools.catch(() => entries.get(key)?.pools === pools && entries.delete(key))
  return pools
}
