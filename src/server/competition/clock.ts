/**
 * The competition area's clock: every window (申报, 报名) is judged against the server's time, read
 * here. Tests of stories dated in a 学年 (报名 opens 2025-10-20 08:00 …) set it; nothing else does.
 */
let fixed: (() => Date) | null = null

export function now(): Date {
  return fixed ? fixed() : new Date()
}

/** Tests only: run the area's clock from `source` (null restores the real time). */
export function setCompetitionClock(source: (() => Date) | null): void {
  fixed = source
}
