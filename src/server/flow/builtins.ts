import { and, inArray, sql } from 'drizzle-orm'
import { flowDefinition, flowModel } from '../db/schema'
import { nextId } from '../core/ids'
import { BUILTIN_FLOWS, builtinXml } from './definitions'
import { deployBpmn } from './deploy'
import type { Executor } from './db-types'
import { ownedRows } from '../core/data'

/** Tenants already checked, per database handle (a process may open several, as tests do). */
let ensured = new WeakMap<object, Set<string>>()

/**
 * Deploys the built-in flows a tenant does not have yet (and their models), once per tenant.
 * An advisory lock keeps two server processes starting together from deploying twice.
 */
export async function ensureBuiltinFlows(db: Executor, tenantId: string): Promise<void> {
  const checked = ensured.get(db) ?? new Set<string>()
  ensured.set(db, checked)
  if (checked.has(tenantId)) return
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`flow-builtins:${tenantId}`}))`)
    const keys = BUILTIN_FLOWS.map((f) => f.key)
    const present = new Set(
      (
        await tx
          .selectDistinct({ key: flowDefinition.key })
          .from(flowDefinition)
          .where(and(ownedRows(flowDefinition, tenantId), inArray(flowDefinition.key, keys)))
      ).map((r) => r.key),
    )
    const models = new Set(
      (
        await tx
          .select({ key: flowModel.modelKey })
          .from(flowModel)
          .where(and(ownedRows(flowModel, tenantId), inArray(flowModel.modelKey, keys)))
      ).map((r) => r.key),
    )
    for (const flow of BUILTIN_FLOWS) {
      const xml = builtinXml(flow)
      if (!present.has(flow.key))
        await deployBpmn(tx, [{ fileName: `${flow.key}.bpmn20.xml`, xml }], {
          tenantIds: [tenantId],
          category: flow.category,
          source: 'builtin',
          name: flow.name,
        })
      if (!models.has(flow.key))
        await tx.insert(flowModel).values({
          id: nextId(),
          tenantId,
          modelKey: flow.key,
          name: flow.name,
          xml,
          description: '内置流程',
        })
    }
  })
  checked.add(tenantId)
}

/** Forget which tenants were checked (tests that reuse a process against a fresh database). */
export function resetBuiltinCache(): void {
  ensured = new WeakMap()
}
