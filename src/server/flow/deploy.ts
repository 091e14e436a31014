import { and, eq, inArray, max, sql } from 'drizzle-orm'
import { flowDefinition, flowDeployment, flowInstance, flowModel } from '../db/schema'
import { BizError } from '../core/errors'
import { nextId } from '../core/ids'
import { parseBpmn, type ProcessSpec } from './bpmn'
import type { Executor } from './db-types'
import { ownedRows } from '../core/data'

export interface BpmnFile {
  fileName: string
  xml: string
}

export interface DeployOptions {
  tenantIds: string[]
  category?: string | null
  source: 'builtin' | 'upload' | 'model'
  name?: string
}

/**
 * Deploys BPMN files to tenants: every file is parsed and checked first, so one bad file refuses
 * the whole upload and nothing is stored; then, in one transaction, each tenant gets a deployment
 * and a new version of each process definition.
 */
export async function deployBpmn(db: Executor, files: BpmnFile[], options: DeployOptions) {
  if (!files.length) throw new BizError('请选择要部署的流程文件')
  if (!options.tenantIds.length) throw new BizError('请选择租户')
  const parsed: (BpmnFile & { spec: ProcessSpec })[] = []
  for (const f of files) parsed.push({ ...f, spec: await parseBpmn(f.xml, f.fileName) })
  const keys = parsed.map((p) => p.spec.key)
  if (new Set(keys).size !== keys.length) throw new BizError('同一次部署中流程标识不能重复')

  return db.transaction(async (tx) => {
    const definitionIds: string[] = []
    for (const tenantId of options.tenantIds) {
      const deploymentId = nextId()
      await tx.insert(flowDeployment).values({
        id: deploymentId,
        tenantId,
        name: options.name ?? parsed.map((p) => p.spec.name).join(','),
        category: options.category ?? null,
        source: options.source,
      })
      for (const { spec, xml, fileName } of parsed) {
        const [{ latest }] = await tx
          .select({ latest: max(flowDefinition.version) })
          .from(flowDefinition)
          .where(and(ownedRows(flowDefinition, tenantId), eq(flowDefinition.key, spec.key)))
        const version = (latest ?? 0) + 1
        const id = `${spec.key}:${version}:${deploymentId}`
        await tx.insert(flowDefinition).values({
          id,
          tenantId,
          deploymentId,
          key: spec.key,
          name: spec.name,
          version,
          category: options.category ?? null,
          description: spec.description ?? null,
          resourceName:
            fileName.endsWith('.bpmn') || fileName.endsWith('.xml') ? fileName : `${fileName}.bpmn20.xml`,
          xml,
        })
        definitionIds.push(id)
      }
    }
    return definitionIds
  })
}

/** Deletes deployments whose definitions have no running instance; otherwise refuses them all. */
export async function deleteDeployments(db: Executor, tenantId: string | null, deploymentIds: string[]) {
  if (!deploymentIds.length) throw new BizError('请选择要删除的部署')
  await db.transaction(async (tx) => {
    const scope = tenantId ? ownedRows(flowDefinition, tenantId) : undefined
    const definitions = await tx
      .select({ id: flowDefinition.id })
      .from(flowDefinition)
      .where(and(inArray(flowDefinition.deploymentId, deploymentIds), scope))
    const ids = definitions.map((d) => d.id)
    if (ids.length) {
      const [{ running }] = await tx
        .select({ running: sql<number>`count(*)::int` })
        .from(flowInstance)
        .where(and(inArray(flowInstance.definitionId, ids), eq(flowInstance.status, 'running')))
      if (running > 0) throw new BizError(`流程存在 ${running} 个运行中的实例，不能删除部署`)
      await tx.delete(flowDefinition).where(inArray(flowDefinition.id, ids))
    }
    await tx
      .delete(flowDeployment)
      .where(
        and(
          inArray(flowDeployment.id, deploymentIds),
          tenantId ? ownedRows(flowDeployment, tenantId) : undefined,
        ),
      )
  })
}

/** Saves a model (designer output) after checking it is valid BPMN. */
export async function saveModel(db: Executor, tenantId: string, xml: string, description?: string | null) {
  const spec = await parseBpmn(xml, '模型')
  const existing = await db
    .select()
    .from(flowModel)
    .where(and(ownedRows(flowModel, tenantId), eq(flowModel.modelKey, spec.key)))
  if (existing.length) {
    await db
      .update(flowModel)
      .set({
        name: spec.name,
        xml,
        description: description ?? existing[0].description,
        version: existing[0].version + 1,
        lastUpdated: new Date(),
      })
      .where(eq(flowModel.id, existing[0].id))
    return existing[0].id
  }
  const id = nextId()
  await db
    .insert(flowModel)
    .values({ id, tenantId, modelKey: spec.key, name: spec.name, xml, description: description ?? null })
  return id
}
