import type { ModdleElement } from 'bpmn-moddle'
import { BizError } from '../core/errors'

/**
 * The picture of a BPMN process (流程图): the deployed XML's own diagram (BPMN DI) when it has one,
 * else a left-to-right layered layout of its flow, drawn as SVG with the steps already done and the
 * steps open now marked, like Flowable's process diagram.
 */

export interface Highlight {
  /** Flow nodes passed (ended tasks, the start event, a reached end event). */
  done: Set<string>
  /** Flow nodes open now (tasks waiting for someone). */
  active: Set<string>
  /** Sequence flows taken. */
  flows: Set<string>
}

interface Box {
  x: number
  y: number
  width: number
  height: number
}

interface Node {
  id: string
  type: string
  name: string
  box: Box
}

interface Edge {
  id: string
  source: string
  target: string
  name: string
  points: { x: number; y: number }[]
}

const SIZE: Record<string, { width: number; height: number }> = {
  event: { width: 36, height: 36 },
  gateway: { width: 44, height: 44 },
  task: { width: 120, height: 60 },
}

const kindOf = (type: string) => (/Event$/.test(type) ? 'event' : /Gateway$/.test(type) ? 'gateway' : 'task')

async function parse(xml: string) {
  let parsed
  try {
    const { default: BpmnModdle } = await import('bpmn-moddle')
    parsed = await new BpmnModdle().fromXML(xml.trim())
  } catch {
    throw new BizError('流程定义文件无法解析')
  }
  const root = parsed.rootElement as ModdleElement & {
    rootElements?: ModdleElement[]
    diagrams?: { plane?: { planeElement?: ModdleElement[] } }[]
  }
  const process = (root.rootElements ?? []).find((e) => e.$type === 'bpmn:Process')
  if (!process) throw new BizError('流程定义中没有流程')
  return { process, plane: root.diagrams?.[0]?.plane?.planeElement ?? [] }
}

/** Bounds and waypoints the XML carries (a designer's file); null when any node lacks them. */
function fromDiagram(elements: ModdleElement[], plane: ModdleElement[]) {
  const shapes = new Map<string, Box>()
  const waypoints = new Map<string, { x: number; y: number }[]>()
  for (const p of plane) {
    const ref = (p.bpmnElement as ModdleElement | undefined)?.id
    if (!ref) continue
    if (p.$type === 'bpmndi:BPMNShape' && p.bounds) shapes.set(ref, p.bounds as Box)
    if (p.$type === 'bpmndi:BPMNEdge' && Array.isArray(p.waypoint))
      waypoints.set(
        ref,
        (p.waypoint as { x: number; y: number }[]).map((w) => ({ x: w.x, y: w.y })),
      )
  }
  const nodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow')
  if (!nodes.length || nodes.some((n) => !shapes.has(n.id!))) return null
  return { shapes, waypoints }
}

/**
 * Layers by longest path from the start events over the flow with its back edges (loops back to a
 * step already on the path) left out; within a layer, nodes keep the order they were reached in.
 */
function layout(nodes: ModdleElement[], flows: ModdleElement[]) {
  const out = new Map<string, string[]>()
  const incoming = new Map<string, number>()
  for (const n of nodes) {
    out.set(n.id!, [])
    incoming.set(n.id!, 0)
  }
  const edges = flows
    .map((f) => ({
      id: f.id!,
      source: (f.sourceRef as ModdleElement).id!,
      target: (f.targetRef as ModdleElement).id!,
    }))
    .filter((e) => out.has(e.source) && out.has(e.target))
  for (const e of edges) out.get(e.source)!.push(e.target)

  // Depth-first from the starts: an edge to a node on the current path is a back edge.
  const back = new Set<string>()
  const state = new Map<string, 'open' | 'done'>()
  const order: string[] = []
  const visit = (id: string) => {
    state.set(id, 'open')
    for (const e of edges.filter((x) => x.source === id)) {
      if (state.get(e.target) === 'open') back.add(e.id)
      else if (!state.has(e.target)) visit(e.target)
    }
    state.set(id, 'done')
    order.push(id)
  }
  const starts = nodes.filter((n) => n.$type === 'bpmn:StartEvent').map((n) => n.id!)
  for (const s of starts) if (!state.has(s)) visit(s)
  for (const n of nodes) if (!state.has(n.id!)) visit(n.id!)

  const layer = new Map<string, number>()
  for (const id of order.reverse()) {
    const before = edges
      .filter((e) => e.target === id && !back.has(e.id))
      .map((e) => layer.get(e.source) ?? 0)
    layer.set(id, before.length ? Math.max(...before) + 1 : 0)
  }
  const rows = new Map<number, string[]>()
  for (const id of order) {
    const l = layer.get(id)!
    rows.set(l, [...(rows.get(l) ?? []), id])
  }
  const GAP_X = 70
  const GAP_Y = 40
  const ROW = SIZE.task.height + GAP_Y
  const COLUMN = SIZE.task.width + GAP_X
  const tallest = Math.max(...[...rows.values()].map((r) => r.length))
  const shapes = new Map<string, Box>()
  for (const [l, ids] of rows) {
    const top = ((tallest - ids.length) * ROW) / 2
    ids.forEach((id, i) => {
      const size = SIZE[kindOf(nodes.find((n) => n.id === id)!.$type)]
      shapes.set(id, {
        x: 30 + l * COLUMN + (SIZE.task.width - size.width) / 2,
        y: 30 + top + i * ROW + (SIZE.task.height - size.height) / 2,
        width: size.width,
        height: size.height,
      })
    })
  }
  const bottom = 30 + tallest * ROW
  const waypoints = new Map<string, { x: number; y: number }[]>()
  edges.forEach((e, i) => {
    const a = shapes.get(e.source)!
    const b = shapes.get(e.target)!
    if (back.has(e.id) || b.x <= a.x) {
      // A loop back runs under the diagram, each in its own lane.
      const lane = bottom + 10 + (i % 4) * 12
      waypoints.set(e.id, [
        { x: a.x + a.width / 2, y: a.y + a.height },
        { x: a.x + a.width / 2, y: lane },
        { x: b.x + b.width / 2, y: lane },
        { x: b.x + b.width / 2, y: b.y + b.height },
      ])
      return
    }
    const from = { x: a.x + a.width, y: a.y + a.height / 2 }
    const to = { x: b.x, y: b.y + b.height / 2 }
    if (layer.get(e.target)! - layer.get(e.source)! > 1) {
      // A flow that skips columns runs over the diagram, each in its own lane, not through the steps between.
      const lane = 18 - (i % 4) * 12
      waypoints.set(e.id, [
        from,
        { x: from.x + 14, y: from.y },
        { x: from.x + 14, y: lane },
        { x: to.x - 14, y: lane },
        { x: to.x - 14, y: to.y },
        to,
      ])
      return
    }
    const midX = (from.x + to.x) / 2
    waypoints.set(
      e.id,
      from.y === to.y ? [from, to] : [from, { x: midX, y: from.y }, { x: midX, y: to.y }, to],
    )
  })
  return { shapes, waypoints }
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Splits a label into lines of about `width` px (CJK characters count double). */
function lines(text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  let used = 0
  for (const ch of text) {
    const w = /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 13 : 7
    if (used + w > width && line) {
      out.push(line)
      line = ''
      used = 0
    }
    line += ch
    used += w
  }
  if (line) out.push(line)
  return out.slice(0, 3)
}

const COLOURS = {
  idle: { stroke: '#8a8f98', fill: '#ffffff', text: '#333333' },
  done: { stroke: '#2e9d5b', fill: '#eaf7ef', text: '#1d5e38' },
  active: { stroke: '#e8590c', fill: '#fff1e6', text: '#a8400a' },
}

function drawNode(n: Node, highlight: Highlight): string {
  const c = highlight.active.has(n.id)
    ? COLOURS.active
    : highlight.done.has(n.id)
      ? COLOURS.done
      : COLOURS.idle
  const { x, y, width, height } = n.box
  const cx = x + width / 2
  const cy = y + height / 2
  const kind = kindOf(n.type)
  const label = (ly: number, maxWidth: number) =>
    lines(n.name, maxWidth)
      .map(
        (l, i, all) =>
          `<text x="${cx}" y="${ly + (i - (all.length - 1) / 2) * 16}" text-anchor="middle" dominant-baseline="middle" font-size="13" fill="${c.text}">${esc(l)}</text>`,
      )
      .join('')
  if (kind === 'event') {
    const end = n.type === 'bpmn:EndEvent'
    return (
      `<circle cx="${cx}" cy="${cy}" r="${width / 2}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="${end ? 4 : 2}"/>` +
      (n.name ? label(y + height + 14, 110) : '')
    )
  }
  if (kind === 'gateway') {
    const d = `M${cx} ${y} L${x + width} ${cy} L${cx} ${y + height} L${x} ${cy} Z`
    const mark =
      n.type === 'bpmn:ParallelGateway'
        ? `<path d="M${cx} ${cy - 10} V${cy + 10} M${cx - 10} ${cy} H${cx + 10}" stroke="${c.stroke}" stroke-width="3"/>`
        : `<path d="M${cx - 8} ${cy - 8} L${cx + 8} ${cy + 8} M${cx + 8} ${cy - 8} L${cx - 8} ${cy + 8}" stroke="${c.stroke}" stroke-width="3"/>`
    return `<path d="${d}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="2"/>${mark}${n.name ? label(y - 12, 110) : ''}`
  }
  const bold = highlight.active.has(n.id) ? 3 : 2
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="${c.fill}" stroke="${c.stroke}" stroke-width="${bold}"/>${label(cy, width - 12)}`
}

function drawEdge(e: Edge, highlight: Highlight): string {
  const taken = highlight.flows.has(e.id)
  const colour = taken ? COLOURS.done.stroke : COLOURS.idle.stroke
  const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ')
  const mid = e.points[Math.floor((e.points.length - 1) / 2)]
  return (
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${taken ? 2 : 1.5}" marker-end="url(#arrow-${taken ? 'done' : 'idle'})"/>` +
    (e.name
      ? `<text x="${mid.x + 4}" y="${mid.y - 6}" font-size="12" fill="${colour}">${esc(e.name)}</text>`
      : '')
  )
}

/** The process of `xml` as an SVG document, highlighted. */
export async function diagramSvg(
  xml: string,
  highlight: Highlight = { done: new Set(), active: new Set(), flows: new Set() },
): Promise<string> {
  const { process, plane } = await parse(xml)
  const elements = (process.flowElements ?? []) as ModdleElement[]
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow')
  const flowNodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow' && e.id)
  const geometry = fromDiagram(elements, plane) ?? layout(flowNodes, flows)
  const nodes: Node[] = flowNodes.map((n) => ({
    id: n.id!,
    type: n.$type,
    name: n.name ?? '',
    box: geometry.shapes.get(n.id!)!,
  }))
  const edges: Edge[] = flows
    .map((f) => {
      const source = (f.sourceRef as ModdleElement | undefined)?.id ?? ''
      const target = (f.targetRef as ModdleElement | undefined)?.id ?? ''
      const a = geometry.shapes.get(source)
      const b = geometry.shapes.get(target)
      const points =
        geometry.waypoints.get(f.id!) ??
        (a && b
          ? [
              { x: a.x + a.width, y: a.y + a.height / 2 },
              { x: b.x, y: b.y + b.height / 2 },
            ]
          : [])
      return { id: f.id!, source, target, name: f.name ?? '', points }
    })
    .filter((e) => e.points.length >= 2)
  const xs = [
    ...nodes.flatMap((n) => [n.box.x, n.box.x + n.box.width]),
    ...edges.flatMap((e) => e.points.map((p) => p.x)),
  ]
  const ys = [
    ...nodes.flatMap((n) => [n.box.y - 20, n.box.y + n.box.height + 30]),
    ...edges.flatMap((e) => e.points.map((p) => p.y)),
  ]
  const minX = Math.min(...xs) - 20
  const minY = Math.min(...ys) - 20
  const width = Math.ceil(Math.max(...xs) - minX + 20)
  const height = Math.ceil(Math.max(...ys) - minY + 20)
  const marker = (name: string, colour: string) =>
    `<marker id="arrow-${name}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${colour}"/></marker>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${minX} ${minY} ${width} ${height}" font-family="Noto Sans CJK SC, Source Han Sans SC, Microsoft YaHei, PingFang SC, sans-serif">`,
    `<defs>${marker('idle', COLOURS.idle.stroke)}${marker('done', COLOURS.done.stroke)}</defs>`,
    `<rect x="${minX}" y="${minY}" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...edges.map((e) => drawEdge(e, highlight)),
    ...nodes.map((n) => drawNode(n, highlight)),
    '</svg>',
  ].join('')
}

type Counted = { id?: string; counters?: { taken?: number; take?: number } }

/**
 * What an instance has passed, from its engine state: the elements and flows the engine counts as
 * taken (exact, whichever branch and end event it went by), and the tasks open now.
 */
export function highlightOf(engineState: unknown, openTaskKeys: string[]): Highlight {
  const done = new Set<string>()
  const flows = new Set<string>()
  const state = engineState as {
    definitions?: {
      execution?: { processes?: { execution?: { children?: Counted[]; flows?: Counted[] } }[] }
    }[]
  }
  for (const d of state?.definitions ?? [])
    for (const p of d.execution?.processes ?? []) {
      for (const c of p.execution?.children ?? []) if (c.id && (c.counters?.taken ?? 0) > 0) done.add(c.id)
      for (const f of p.execution?.flows ?? []) if (f.id && (f.counters?.take ?? 0) > 0) flows.add(f.id)
    }
  const active = new Set(openTaskKeys)
  for (const key of active) done.delete(key)
  return { done, active, flows }
}
