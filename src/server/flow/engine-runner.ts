import type { Engine, BpmnEngineExecutionState, BpmnEngineOptions } from 'bpmn-engine'
import { flowExpressions } from './expressions'

/** Where an instance stands after the engine has run as far as it can. */
export interface EngineStep {
  /** Serialized engine state without the definition source (re-attached on recovery). */
  state: Record<string, unknown>
  /** Ids of the user tasks now waiting for a person. */
  waiting: string[]
  ended: boolean
}

type EngineState = BpmnEngineExecutionState & { definitions: { source?: string }[] }

/** bpmn-engine, loaded with the first flow step rather than with the server. */
const bpmnEngine = async () => (await import('bpmn-engine')).Engine

/** The engine's serialized context of a definition (parsed once), by definition id. */
type SourceContext = { id: string; serialize(): string }
const contexts = new Map<string, Promise<SourceContext>>()

/**
 * Parsing BPMN XML is the slowest part of a step, and a deployed definition never changes, so each
 * definition is parsed once per process and its serialized context shared by every engine after.
 */
function contextOf(definitionId: string, xml: string): Promise<SourceContext> {
  let context = contexts.get(definitionId)
  if (!context) {
    context = (async () => {
      const engine = new (await bpmnEngine())({ name: definitionId, source: xml })
      const [definition] = await engine.getDefinitions()
      return (definition.environment.options as { source: SourceContext }).source
    })()
    contexts.set(definitionId, context)
    context.catch(() => contexts.delete(definitionId))
  }
  return context
}

const serialized = new Map<string, string>()

async function serializedSourceOf(definitionId: string, xml: string): Promise<string> {
  let source = serialized.get(definitionId)
  if (!source) {
    source = (await contextOf(definitionId, xml)).serialize()
    serialized.set(definitionId, source)
  }
  return source
}

/**
 * Uploaded BPMN files never run server-side code: a script task is a no-op that completes at once,
 * and a sequence-flow condition is always read as an expression (`${pass}`), never as a script.
 */
const noScripts = {
  register: () => undefined,
  getScript: (_language: string, element: { type?: string }) =>
    element?.type === 'bpmn:ScriptTask'
      ? { execute: (_scope: unknown, next: (err: unknown) => void) => next(null) }
      : undefined,
}

// bpmn-elements types the script registry more narrowly than it uses it; the shape above is its contract.
const engineOptions = { expressions: flowExpressions, scripts: noScripts } as unknown as BpmnEngineOptions

/** bpmn-elements runs gateways, flows and end events synchronously; one turn lets listeners finish. */
async function settle(engine: Engine, failure: () => Error | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  const err = failure()
  if (err) throw err
  if (engine.state === 'error') throw new Error('流程引擎执行出错')
}

async function snapshot(engine: Engine): Promise<EngineStep> {
  const state = (await engine.getState()) as EngineState
  for (const d of state.definitions) delete d.source
  const ended = engine.state === 'idle' || !engine.execution?.isRunning
  const waiting = ended
    ? []
    : engine.execution
        .getPostponed()
        .filter((a) => a.type === 'bpmn:UserTask' || a.type === 'bpmn:ManualTask')
        .map((a) => a.id)
  return { state: JSON.parse(JSON.stringify(state)) as Record<string, unknown>, waiting, ended }
}

export async function startEngine(
  definitionId: string,
  xml: string,
  variables: Record<string, unknown>,
): Promise<EngineStep> {
  const sourceContext = await contextOf(definitionId, xml)
  const engine = new (await bpmnEngine())({
    name: definitionId,
    sourceContext: sourceContext as never,
    ...engineOptions,
    variables,
  })
  let failure: Error | undefined
  engine.once('error', (err: Error) => (failure = err))
  await engine.execute()
  await settle(engine, () => failure)
  return snapshot(engine)
}

/**
 * Recovers an instance from its stored state, sets the variables the person supplied, and signals
 * the waiting user task `taskDefKey`, so the engine moves on to the next wait state or the end.
 */
export async function signalEngine(
  definitionId: string,
  xml: string,
  stored: Record<string, unknown>,
  taskDefKey: string,
  variables: Record<string, unknown>,
): Promise<EngineStep> {
  const state = JSON.parse(JSON.stringify(stored)) as EngineState
  // Recovery reads the definition from the state itself: re-attach the serialized source.
  const source = await serializedSourceOf(definitionId, xml)
  for (const d of state.definitions) d.source = source
  const engine = new (await bpmnEngine())({ name: definitionId, ...engineOptions }).recover(
    state,
    engineOptions,
  )
  let failure: Error | undefined
  engine.once('error', (err: Error) => (failure = err))
  const execution = await engine.resume()
  const task = execution.getPostponed().find((a) => a.id === taskDefKey)
  if (!task) throw new Error(`流程实例不在任务 ${taskDefKey} 上`)
  for (const definition of execution.definitions) {
    Object.assign(definition.environment.variables, variables)
    for (const process of definition.getProcesses()) Object.assign(process.environment.variables, variables)
  }
  task.signal({ ...variables })
  await settle(engine, () => failure)
  return snapshot(engine)
}
