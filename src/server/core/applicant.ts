import type { AuthUser } from './context'
import { ForbiddenError } from './errors'

/** Who manages an area's applications besides their applicants (e.g. the roles of its approval step). */
export type ManagerCheck = (actor: AuthUser) => boolean

export const NOT_APPLICANT = '只能修改本人提交的申请'

/** A manager check from role aliases: the caller holds at least one of them. */
export const holdsAnyRole =
  (aliases: readonly string[]): ManagerCheck =>
  (actor) =>
    actor.roleAliases.some((a) => aliases.includes(a))

/**
 * An application, booking, repair request, entry or plan is edited, submitted, withdrawn or deleted only
 * by its applicant (the user who created it, unless `applicantOf` names another column) or by the roles
 * that manage its area. One foreign row refuses the whole batch: HTTP 403, nothing changed. Rows come
 * from the caller's tenant-scoped reads, so another tenant's row stays "not found" before this runs.
 */
export function requireApplicantOrManager<R>(
  rows: R | readonly R[],
  actor: AuthUser,
  isManager: ManagerCheck,
  options: { message?: string; applicantOf?: (row: R) => unknown } = {},
): void {
  if (isManager(actor)) return
  const applicantOf = options.applicantOf ?? ((row: R) => (row as { createUser?: unknown }).createUser)
  const list = (Array.isArray(rows) ? rows : [rows]) as readonly R[]
  if (list.some((row) => String(applicantOf(row) ?? '') !== actor.userId))
    throw new ForbiddenError(options.message ?? NOT_APPLICANT)
}
