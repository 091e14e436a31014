import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import { dataOfTenant, liveRows, type Data } from '../core/data'
import { safetyPaper, safetyPlan } from '../db/schema'
import { PLAN_STATUS } from '../../shared/resources/safety/exam'
import { clock } from './clock'
import { warmPools } from './pool-cache'

/**
 * Random papers' pools are read before their candidates start (pool-cache): when a plan is published
 * and, by the sweeper, while a published plan's window is open or opens within WARM_AHEAD_MS.
 */
const WARM_AHEAD_MS = 15 * 60_000

const RANDOM_PAPER = 2

/** The published plans, of any tenant, on a random paper whose window is open or opens soon. */
const openWindow = (now: Date) =>
  and(
    eq(safetyPlan.status, PLAN_STATUS.published),
    lte(safetyPlan.startTime, new Date(now.getTime() + WARM_AHEAD_MS)),
    gt(safetyPlan.endTime, now),
  )

type PlanRow = typeof safetyPlan.$inferSelect
type PaperRow = typeof safetyPaper.$inferSelect

async function warmEach(db: Data['db'], plans: { plan: PlanRow; paper: PaperRow }[]) {
  const byPaper = new Map<string, { paper: PaperRow; plans: PlanRow[] }>()
  for (const { plan, paper } of plans) {
    const seen = byPaper.get(paper.id)
    if (seen) seen.plans.push(plan)
    else byPaper.set(paper.id, { paper, plans: [plan] })
  }
  for (const { paper, plans } of byPaper.values())
    // A paper whose pools cannot be read (a bad proportion) is left to the start, which says why.
    await warmPools(dataOfTenant(db, plans[0]!.tenantId), paper, plans).catch(() => undefined)
}

/**
 * The sweeper's part: every open plan's random paper, read again when its kept pools are due and the
 * bank changed.
 */
export async function warmOpenPlans(db: Data['db'], now = clock.now()): Promise<void> {
  const papers = await db
    .select({ plan: safetyPlan, paper: safetyPaper })
    .from(safetyPlan)
    .innerJoin(safetyPaper, eq(safetyPaper.id, safetyPlan.paperId))
    .where(
      and(
        liveRows(safetyPlan),
        liveRows(safetyPaper),
        openWindow(now),
        eq(safetyPaper.paperMode, RANDOM_PAPER),
      ),
    )
  await warmEach(db, papers)
}

/** After 发布 commits: the just-published plans' random papers, unless their window is far off. */
export async function warmPublished(data: Data, planIds: string[]): Promise<void> {
  const papers = await data.db
    .select({ plan: safetyPlan, paper: safetyPaper })
    .from(safetyPlan)
    .innerJoin(safetyPaper, data.rows(safetyPaper, eq(safetyPaper.id, safetyPlan.paperId)))
    .where(
      data.rows(
        safetyPlan,
        inArray(safetyPlan.id, planIds),
        openWindow(clock.now()),
        eq(safetyPaper.paperMode, RANDOM_PAPER),
      ),
    )
  await warmEach(data.db, papers)
}
