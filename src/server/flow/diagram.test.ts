import { describe, expect, it } from 'vitest'
import { approvalFlowXml } from './definitions/approval-flow'
import { signalEngine, startEngine } from './engine-runner'
import { diagramSvg, highlightOf } from './diagram'

const xml = approvalFlowXml({
  key: 'demo',
  name: '示例审批',
  category: 'flow_1',
  route: 'demo',
  steps: [
    { id: 'head', name: '部门负责人审批', assignee: '${applicant}' },
    { id: 'dean', name: '院长审批', assignee: '${applicant}' },
  ],
})

/** The stroke colour an element is drawn with (its first shape after its id's label). */
const fillOf = (svg: string, label: string) => {
  const at = svg.indexOf(`>${label}<`)
  const shape = svg.lastIndexOf('<rect', at)
  return /fill="(#[0-9a-f]{6})"/.exec(svg.slice(shape, at))?.[1]
}

describe('process diagram', () => {
  it('lays out a definition without a diagram of its own, every step and flow drawn', async () => {
    const svg = await diagramSvg(xml)
    expect(svg.startsWith('<svg')).toBe(true)
    for (const name of ['部门负责人审批', '院长审批', '调整申请', '审批通过', '撤销申请'])
      expect(svg).toContain(name)
    // 10 sequence flows (start, 3 per step, 3 of the applicant), each a path with an arrow.
    expect(svg.match(/marker-end=/g)).toHaveLength(10)
  })

  it('marks the steps passed and the step open now, from the engine state', async () => {
    const s1 = await startEngine('demo:1:1', xml, { applicant: '1' })
    const s2 = await signalEngine('demo:1:1', xml, s1.state, 'head', { pass: true })
    const h = highlightOf(s2.state, s2.waiting)
    expect([...h.active]).toEqual(['dean'])
    expect(h.done.has('head')).toBe(true)
    expect(h.done.has('applicant_modify')).toBe(false)
    expect(h.flows.has('head_pass')).toBe(true)
    expect(h.flows.has('head_reject')).toBe(false)
    const svg = await diagramSvg(xml, h)
    expect(fillOf(svg, '部门负责人审批')).toBe('#eaf7ef')
    expect(fillOf(svg, '院长审批')).toBe('#fff1e6')
    expect(fillOf(svg, '调整申请')).toBe('#ffffff')
  })

  it("uses a designer file's own coordinates", async () => {
    const drawn = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="x">
  <process id="p" isExecutable="true">
    <startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/><endEvent id="e"/>
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="500" y="300" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="700" y="300" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f_di" bpmnElement="f"><di:waypoint x="536" y="318"/><di:waypoint x="700" y="318"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`
    const svg = await diagramSvg(drawn)
    expect(svg).toContain('cx="518" cy="318"')
    expect(svg).toContain('M536 318 L700 318')
  })
})
