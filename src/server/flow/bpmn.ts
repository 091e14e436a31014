import type { ModdleElement } from 'bpmn-moddle'
import { BizError } from '../core/errors'

/** How a user task names who does it, read from Flowable/Camunda/Activiti-style attributes. */
export interface UserTaskSpec {
  id: string
  name: string
  assignee?: string
  candidateUsers?: string
  candidateGroups?: string
}

export interface ProcessSpec {
  key: string
  name: string
  description?: string
  userTasks: Map<string, UserTaskSpec>
}

const EXTENSION_PREFIXES = ['flowable', 'camunda', 'activiti']

function extensionAttr(el: ModdleElement, name: string): string | undefined {
  const attrs = el.$attrs ?? {}
  for (const [qname, value] of Object.entries(attrs)) {
    const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname]
    if (local === name && (EXTENSION_PREFIXES.includes(prefix) || prefix === ''))
      return String(value).trim() || undefined
  }
  return undefined
}

const KEY_RE = /^[A-Za-z_][\w.-]{0,254}$/

/**
 * Parses and checks a BPMN 2.0 document: well-formed XML, exactly one executable process with a
 * start event, and a usable process id (the definition key). Anything else is refused with a
 * Chinese message naming the file, before anything is stored.
 */
export async function parseBpmn(xml: string, fileName = 'BPMN'): Promise<ProcessSpec> {
  const refuse = (why: string): never => {
    throw new BizError(`流程文件 ${fileName} 无效：${why}`)
  }
  if (!xml.trim()) refuse('文件为空')
  let parsed
  try {
    const { default: BpmnModdle } = await import('bpmn-moddle')
    parsed = await new BpmnModdle().fromXML(xml.trim())
  } catch (err) {
    return refuse(`不是合法的 BPMN 2.0 XML（${(err as Error).message.split('\n')[0]}）`)
  }
  const unresolved = parsed.warnings.find((w) => /unresolved reference|unparsable content/i.test(w.message))
  if (unresolved) refuse(unresolved.message.split('\n')[0])
  const root = parsed.rootElement
  if (root.$type !== 'bpmn:Definitions') refuse('根元素不是 definitions')
  const processes = (root.rootElements ?? []).filter(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable !== false,
  )
  if (processes.length !== 1) refuse('必须且只能包含一个可执行的流程 (process)')
  const process = processes[0]
  if (!process.id || !KEY_RE.test(process.id)) refuse('流程标识 (process id) 不合法')
  const elements = process.flowElements ?? []
  if (!elements.some((e) => e.$type === 'bpmn:StartEvent')) refuse('缺少开始事件')
  if (!elements.some((e) => e.$type === 'bpmn:EndEvent')) refuse('缺少结束事件')

  const userTasks = new Map<string, UserTaskSpec>()
  for (const el of elements) {
    if (el.$type !== 'bpmn:UserTask' || !el.id) continue
    userTasks.set(el.id, {
      id: el.id,
      name: el.name || el.id,
      assignee: extensionAttr(el, 'assignee'),
      candidateUsers: extensionAttr(el, 'candidateUsers'),
      candidateGroups: extensionAttr(el, 'candidateGroups'),
    })
  }
  return {
    key: process.id!,
    name: process.name || process.id!,
    description: process.documentation?.[0]?.text,
    userTasks,
  }
}

/** Parsed definitions by definition id; a deployed definition never changes, so this never goes stale. */
const specCache = new Map<string, Promise<ProcessSpec>>()

export function processSpecOf(definitionId: string, xml: string): Promise<ProcessSpec> {
  let spec = specCache.get(definitionId)
  if (!spec) {
    spec = parseBpmn(xml)
    specCache.set(definitionId, spec)
    spec.catch(() => specCache.delete(definitionId))
  }
  return spec
}
