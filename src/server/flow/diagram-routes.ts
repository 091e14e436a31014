import { eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { flowFileApi } from '../../shared/api/flow'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { attachment } from '../base/spreadsheet'
import { flowInstance, flowModel, flowTask } from '../db/schema'
import { actorOf } from './actor'
import { canSeeInstance } from './access'
import { diagramSvg, highlightOf } from './diagram'
import { findDefinition } from './runtime'

/** SVG to PNG with the machine's fonts (CJK labels), on white. */
async function png(svg: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js')
  return Buffer.from(
    new Resvg(svg, {
      background: '#ffffff',
      font: { loadSystemFonts: true, defaultFontFamily: 'Noto Sans CJK SC' },
    })
      .render()
      .asPng(),
  )
}

const sendPng = async (reply: FastifyReply, svg: string) =>
  reply
    .header('content-type', 'image/png')
    .header('cache-control', 'no-store')
    .send(await png(svg))

/**
 * 流程图 (`process/diagram-view`: an instance, highlighted; `process/resource-view`: a definition as
 * picture or XML) and a model's file (`model/download`).
 */
export function registerDiagramRoutes(app: FastifyInstance) {
  route(app, flowFileApi.diagramView, async ({ query, request, reply, data }) => {
    const actor = actorOf(request)
    const instance = await data.repo(flowInstance).first(eq(flowInstance.id, query.processInstanceId))
    if (!instance || !(await canSeeInstance(data.db, actor, instance))) return bad('流程实例不存在')
    const definition = await findDefinition(data.db, actor.tenantId, {
      processDefinitionId: instance.definitionId,
    })
    const open = await data
      .repo(flowTask)
      .find([eq(flowTask.instanceId, instance.id), isNull(flowTask.endTime)])
    const svg = await diagramSvg(
      definition.xml,
      highlightOf(
        instance.engineState,
        open.map((t) => t.taskDefKey),
      ),
    )
    return sendPng(reply, svg)
  })

  route(app, flowFileApi.resourceView, async ({ query, request, reply, data }) => {
    const definition = await findDefinition(data.db, actorOf(request).tenantId, {
      processDefinitionId: query.processDefinitionId,
    })
    if (query.resourceType === 'xml')
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', attachment(definition.resourceName))
        .send(definition.xml)
    return sendPng(reply, await diagramSvg(definition.xml))
  })

  route(app, flowFileApi.modelDownload, async ({ query, reply, data }) => {
    const model = await data.repo(flowModel).first(eq(flowModel.id, query.id))
    if (!model) return bad('模型不存在')
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', attachment(`${model.modelKey}.bpmn20.xml`))
      .send(model.xml)
  })
}
