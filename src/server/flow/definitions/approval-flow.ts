/**
 * Builds the BPMN 2.0 XML of an approval chain: each approval step either passes (`${pass}`) to
 * the next step, or rejects (`${!pass}`) back to the applicant's 调整申请 task; the applicant then
 * re-submits to the first step, or gives up and the process ends. Assignees and candidate groups use
 * Flowable attributes, so the files also open in the BladeX/Flowable designer.
 */
export interface ApprovalStep {
  id: string
  name: string
  /** `${deptLeader}`, `${applicant}`, a user id or account. */
  assignee?: string
  /** Role aliases; `alias@dept` = that role in the applicant's department or above. */
  candidateGroups?: string
}

export interface ApprovalFlow {
  key: string
  name: string
  /** The flow dictionary category (`flow_<dictKey>`), which maps to the Saber route. */
  category: string
  /** Route type under /work/process/{type}. */
  route: string
  steps: ApprovalStep[]
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function approvalFlowXml(flow: ApprovalFlow): string {
  const parts: string[] = []
  const seq = (id: string, from: string, to: string, condition?: string) =>
    parts.push(
      condition
        ? `    <sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression></sequenceFlow>`
        : `    <sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`,
    )
  parts.push(`    <startEvent id="start" name="开始" flowable:initiator="applicant"/>`)
  seq('flow_start', 'start', flow.steps[0].id)
  flow.steps.forEach((step, i) => {
    const attrs = [
      step.assignee ? ` flowable:assignee="${esc(step.assignee)}"` : '',
      step.candidateGroups ? ` flowable:candidateGroups="${esc(step.candidateGroups)}"` : '',
    ].join('')
    parts.push(`    <userTask id="${step.id}" name="${esc(step.name)}"${attrs}/>`)
    const gateway = `${step.id}_gateway`
    parts.push(`    <exclusiveGateway id="${gateway}"/>`)
    seq(`${step.id}_to_gateway`, step.id, gateway)
    const next = flow.steps[i + 1]?.id ?? 'end_approved'
    seq(`${step.id}_pass`, gateway, next, '${pass}')
    seq(`${step.id}_reject`, gateway, 'applicant_modify', '${!pass}')
  })
  parts.push(`    <userTask id="applicant_modify" name="调整申请" flowable:assignee="\${applicant}"/>`)
  parts.push(`    <exclusiveGateway id="applicant_gateway"/>`)
  seq('applicant_to_gateway', 'applicant_modify', 'applicant_gateway')
  seq('applicant_resubmit', 'applicant_gateway', flow.steps[0].id, '${pass}')
  seq('applicant_cancel', 'applicant_gateway', 'end_cancelled', '${!pass}')
  parts.push(`    <endEvent id="end_approved" name="审批通过"/>`)
  parts.push(`    <endEvent id="end_cancelled" name="撤销申请"/>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">',
    `  <process id="${flow.key}" name="${esc(flow.name)}" isExecutable="true">`,
    ...parts,
    '  </process>',
    '</definitions>',
    '',
  ].join('\n')
}
