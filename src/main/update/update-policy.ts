import type { Clock } from '../session/clock'
import type { Policy } from '../policy/keys'
import type { AutoUpdaterLike } from '../updater'

export const DEFAULT_CHECK_HOURS = 6

/** What machine policy says about updates, as the updater applies it. */
export interface UpdatePlan {
  enabled: boolean
  /** The generic feed policy names; null keeps the feed built into the app (app-update.yml). */
  feedUrl: string | null
  /** electron-builder's channel file: `latest` (stable) or `beta`. */
  channel: 'latest' | 'beta'
  checkEveryMs: number
}

export function updatePlan(policy: Policy): UpdatePlan {
  return {
    enabled: policy.UpdatesEnabled !== false,
    feedUrl: policy.UpdateUrl ?? null,
    channel: policy.UpdateChannel === 'beta' ? 'beta' : 'latest',
    checkEveryMs: (policy.UpdateCheckHours ?? DEFAULT_CHECK_HOURS) * 3_600_000,
  }
}

/**
 * Points electron-updater at the policy's feed and channel; null when policy turns updates off (the
 * updater then reports 'disabled'). Beta allows prereleases: 1.3.0-beta.2 is offered over 1.2.0.
 */
export function applyUpdatePlan(updater: AutoUpdaterLike | null, plan: UpdatePlan): AutoUpdaterLike | null {
  if (!updater || !plan.enabled) return null
  if (plan.feedUrl) updater.setFeedURL({ provider: 'generic', url: plan.feedUrl, channel: plan.channel })
  updater.channel = plan.channel
  updater.allowPrerelease = plan.channel === 'beta'
  return updater
}

/** Checks now and then every `checkEveryMs`; returns the stop function. */
export function scheduleUpdateChecks(check: () => unknown, plan: UpdatePlan, clock: Clock): () => void {
  void check()
  const handle = clock.setInterval(() => void check(), plan.checkEveryMs)
  return () => clock.clearInterval(handle)
}
