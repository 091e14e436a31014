/**
 * The locks of a term's three sheets (reports-portal.md 7, quality_lock): a locked sheet refuses every
 * write; 检查情况 locks only after both sheets it summarises; unlocking is the administrator's, and the
 * summarised sheets unlock only after 检查情况.
 */
import { and, eq } from 'drizzle-orm'
import type { LockState, SheetLock } from '../../shared/api/quality'
import { SHEETS, SHEET_NAMES, type Sheet } from '../../shared/resources/quality/inspection'
import type { Data } from '../core/data'
import { isAdministrator } from '../core/context'
import { bad } from '../core/errors'
import { formatDateTime } from '../core/serialize'
import { qualityLock } from '../db/schema'
import type { QualityTerm } from './terms'

const UNLOCKED: SheetLock = { locked: 0, lockedBy: null, lockedTime: null }

async function lockRows(data: Data, termId: string) {
  return data.repo(qualityLock).find([eq(qualityLock.academicYearId, termId)])
}

/** The term's three sheets and whether each is locked. */
export async function lockState(data: Data, term: QualityTerm): Promise<LockState> {
  const rows = await lockRows(data, term.id)
  const sheets = Object.fromEntries(SHEETS.map((s) => [s, UNLOCKED])) as Record<Sheet, SheetLock>
  for (const r of rows)
    if ((SHEETS as readonly string[]).includes(r.sheet))
      sheets[r.sheet as Sheet] = {
        locked: r.locked === 1 ? 1 : 0,
        lockedBy: r.locked === 1 ? (r.lockedBy ?? null) : null,
        lockedTime: r.locked === 1 && r.lockedTime ? formatDateTime(r.lockedTime) : null,
      }
  return { academicYearId: term.id, termName: term.name, sheets }
}

/** Refuses a write to a locked sheet: 2024-2025学年第一学期课程检查已锁定，不能修改. */
export async function assertWritable(data: Data, term: QualityTerm, sheet: Sheet): Promise<void> {
  const locked = await data
    .repo(qualityLock)
    .exists(
      and(eq(qualityLock.academicYearId, term.id), eq(qualityLock.sheet, sheet), eq(qualityLock.locked, 1)),
    )
  if (locked) bad(`${term.name}${SHEET_NAMES[sheet]}已锁定，不能修改`)
}

/** 锁定 (`locked` true) or 解锁 one sheet of a term, with the order and role rules. */
export async function setLock(data: Data, term: QualityTerm, sheet: Sheet, locked: boolean): Promise<void> {
  await data.transaction(async (tx) => {
    const state = (await lockState(tx, term)).sheets
    if (locked && sheet === 'situation' && !(state.course.locked && state.room.locked))
      bad('请先锁定课程检查和实验室检查')
    if (!locked) {
      if (!isAdministrator(tx.me)) bad('只有管理员可以解锁')
      if (sheet !== 'situation' && state.situation.locked) bad('检查情况已锁定，请先解锁检查情况')
    }
    const patch = {
      locked: locked ? 1 : 0,
      lockedBy: locked ? tx.me.realName || tx.me.account : null,
      lockedTime: locked ? new Date() : null,
    }
    const repo = tx.repo(qualityLock)
    const where = [eq(qualityLock.academicYearId, term.id), eq(qualityLock.sheet, sheet)]
    if (await repo.exists(...where)) await repo.updateWhere(where, patch)
    else await repo.insert({ academicYearId: term.id, sheet, ...patch })
  })
}
