import semver from 'semver'
import type { ClientOutdated } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HttpClient } from '../http/client'
import { log } from '../log'

export const CLIENT_POLICY_PATH = '/api/blade-system/client-policy'
/** HTTP's Upgrade Required: what a refused old client's error carries as its status. */
export const OUTDATED_STATUS = 426
const POLICY_TIMEOUT_MS = 10_000

/** This client against the server's minimum: what to tell the user, or null when it may sign in. */
export function outdatedBy(appVersion: string, minVersion: string): ClientOutdated | null {
  const version = semver.valid(appVersion)
  const minimum = semver.valid(minVersion)
  if (!version || !minimum) return null
  return semver.lt(version, minimum) ? { version, minVersion: minimum } : null
}

export function outdatedMessage(outdated: ClientOutdated): string {
  return `当前客户端版本 ${outdated.version} 过旧，请更新到 ${outdated.minVersion} 后再登录`
}

/** Sign-in refused because the server announces a newer minimum client version. */
export class ClientOutdatedError extends CallFailure {
  constructor(readonly outdated: ClientOutdated) {
    super(outdatedMessage(outdated), OUTDATED_STATUS)
    this.name = 'ClientOutdatedError'
  }

  override toCallError() {
    return { ...super.toCallError(), outdated: { ...this.outdated } }
  }
}

/**
 * Reads the server's minimum client version. A server without the policy (older, 404), an unreachable
 * one (offline) or an answer that is not a version says nothing: the sign-in goes ahead as before.
 */
export async function readMinVersion(http: HttpClient, tenantId: string): Promise<string | null> {
  try {
    const reply = await http.request<unknown>({
      method: 'GET',
      path: CLIENT_POLICY_PATH,
      withoutToken: true,
      headers: { 'Tenant-Id': tenantId },
      timeoutMs: POLICY_TIMEOUT_MS,
    })
    const data = isRecord(reply) && isRecord(reply.data) ? reply.data : null
    return typeof data?.minVersion === 'string' && data.minVersion ? data.minVersion : null
  } catch (e) {
    log.info('no minimum client version from the server', e instanceof Error ? e.message : e)
    return null
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
