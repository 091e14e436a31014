import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import semver from 'semver'
import { PARAM_CLIENT_MIN_VERSION, readParam } from '../auth/params'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { ResourceHooks } from '../core/resource-routes'
import { param } from '../db/schema'
import { platformOnlyWrites } from './hooks'

export const CLIENT_POLICY_PATH = '/api/blade-system/client-policy'
export const MIN_VERSION_FORMAT = '客户端最低版本须为 x.y.z 格式（如 1.2.0），留空表示不限制'

type Row = Record<string, unknown>

/** A version as the parameter takes it: plain semver (1.2.0, 1.3.0-beta.1), no `v`, no spaces. */
export function isMinVersion(value: string): boolean {
  return semver.valid(value) === value
}

/**
 * Parameters are the platform administrator's; `client.minVersion` must be a version or empty (no
 * minimum). The standard edit reads an empty value as "unchanged", so a sent empty value clears it here.
 */
export const paramHooks: ResourceHooks = {
  ...platformOnlyWrites,
  beforeSave: async (ctx) => {
    await platformOnlyWrites.beforeSave!(ctx)
    const { db, request, row, isNew, id } = ctx
    const stored =
      isNew || !id
        ? undefined
        : (
            await db
              .select({ key: param.paramKey, value: param.paramValue })
              .from(param)
              .where(eq(param.id, id))
              .limit(1)
          )[0]
    const key = typeof row.paramKey === 'string' ? row.paramKey : stored?.key
    if (key !== PARAM_CLIENT_MIN_VERSION) return
    const sent = (request.body as Row | undefined)?.paramValue
    const value =
      typeof row.paramValue === 'string'
        ? row.paramValue.trim()
        : sent === '' || sent === null
          ? ''
          : (stored?.value ?? '').trim()
    if (value !== '' && !isMinVersion(value)) bad(MIN_VERSION_FORMAT)
    row.paramValue = value
  },
}

/**
 * What the desktop client reads before signing in: the oldest version allowed to sign in. Token-free;
 * parameters are platform-wide, so every tenant gets the same answer and nothing tenant-specific is in it.
 */
export function registerClientPolicyRoute(app: FastifyInstance) {
  app.get(
    CLIENT_POLICY_PATH,
    { config: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async () => {
      const value = ((await readParam(app.db, PARAM_CLIENT_MIN_VERSION)) ?? '').trim()
      return ok({ minVersion: isMinVersion(value) ? value : '' })
    },
  )
}
