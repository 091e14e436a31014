import type { Data } from '../core/data'
import type { TermShape } from '../../shared/resources/teach/calendar'

/**
 * Where scheduling (src/server/teach/schedule) plugs its rules into the teach area's writes without
 * editing their handlers. Each hook runs inside the write's transaction with its `data`; a guard
 * refuses by throwing a BizError (`bad(...)`), which rolls the whole write back.
 */

export interface TermChange {
  data: Data
  academicYearId: string
  /** The saved parameters before this submit (null on the term's first save). */
  before: TermShape | null
  after: TermShape
}

export interface PlanLinesDropped {
  data: Data
  coursePlanId: string
  /** Lines the save removes from the plan. */
  lines: { id: string; projectId: string; projectName: string }[]
}

export interface PlanRevoked {
  data: Data
  coursePlanId: string
  lineIds: string[]
}

type Hook<T> = (ctx: T) => Promise<void>

const termGuards: Hook<TermChange>[] = []
const lineDropGuards: Hook<PlanLinesDropped>[] = []
const revokeHandlers: Hook<PlanRevoked>[] = []

/** Refuse a 教学参数 save (e.g. 第19周已有2个排课，不能将教学周数改为18). */
export const registerTermGuard = (guard: Hook<TermChange>) => void termGuards.push(guard)
/** Refuse dropping plan lines (e.g. 项目『X』已排课（3个批次），不能从计划中删除). */
export const registerPlanLineDropGuard = (guard: Hook<PlanLinesDropped>) => void lineDropGuards.push(guard)
/** React to 撤销计划 (remove the plan's batches). */
export const registerPlanRevokeHandler = (handler: Hook<PlanRevoked>) => void revokeHandlers.push(handler)

async function runAll<T>(hooks: Hook<T>[], ctx: T) {
  for (const hook of hooks) await hook(ctx)
}

export const checkTermGuards = (ctx: TermChange) => runAll(termGuards, ctx)
export const checkPlanLineDrop = (ctx: PlanLinesDropped) =>
  ctx.lines.length ? runAll(lineDropGuards, ctx) : Promise.resolve()
export const announcePlanRevoked = (ctx: PlanRevoked) => runAll(revokeHandlers, ctx)

/**
 * The time variant of `lab/labroom/pageExcludeHasBeenUsedRoom` (domain 9.7): given academicYearId,
 * weeks, weekday, startSection and endSection, scheduling answers the 启用 排课教室 free then.
 */
export type FreeRoomSearch = (data: Data, query: Record<string, unknown>) => Promise<unknown>
let timedRooms: FreeRoomSearch | null = null
export const registerFreeRoomSearch = (search: FreeRoomSearch) => void (timedRooms = search)
export const freeRoomSearch = () => timedRooms
