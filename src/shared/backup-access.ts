import type { SessionState } from './ipc/contract'

/** The platform's own tenant (BladeX 000000). */
const PLATFORM_TENANT = '000000'

/**
 * Who may back up and restore: a restore replaces every tenant's data of this PC's embedded server, so
 * only an administrator of the platform tenant, signed in to the embedded server. Main decides with
 * the roles it holds (from the token reply); the renderer only hides the screen with the same rule.
 */
export function mayManageBackups(state: SessionState | null | undefined): boolean {
  const user = state?.user
  if (!state?.embedded || !state.signedIn || state.locked || !user) return false
  const roles = user.roleName.split(',').map((r) => r.trim())
  return user.tenantId === PLATFORM_TENANT && roles.includes('administrator')
}
