import { describe, expect, it } from 'vitest'
import { parseBpmn } from './bpmn'
import { flowExpressions } from './expressions'
import { BUILTIN_FLOWS, builtinXml } from './definitions'

const scope = (variables: Record<string, unknown>) => ({ environment: { variables } })

describe('flow expressions', () => {
  it('reads Flowable-style conditions against the process variables', () => {
    const r = (e: string, v: Record<string, unknown>) => flowExpressions.resolveExpression(e, scope(v))
    expect(r('${pass}', { pass: true })).toBe(true)
    expect(r('${!pass}', { pass: false })).toBe(true)
    expect(r('${!pass}', {})).toBe(true)
    expect(r('${days > 3}', { days: 5 })).toBe(true)
    expect(r('${days <= 3}', { days: 5 })).toBe(false)
    expect(r("${result == 'ok'}", { result: 'ok' })).toBe(true)
    expect(r('${apply.level != 2}', { apply: { level: 2 } })).toBe(false)
    expect(r('${environment.variables.deptLeader}', { deptLeader: '7' })).toBe('7')
    expect(r('审批人 ${name}', { name: '李' })).toBe('审批人 李')
  })

  it('refuses code it does not understand instead of running it', () => {
    expect(() => flowExpressions.resolveExpression('${process.exit(1)}', scope({}))).toThrow(
      '不支持的流程表达式',
    )
  })
})

describe('BPMN checks', () => {
  it('accepts every built-in flow and reads who does each task', async () => {
    for (const flow of BUILTIN_FLOWS) {
      const spec = await parseBpmn(builtinXml(flow), flow.key)
      expect(spec.key).toBe(flow.key)
      expect(spec.userTasks.get('applicant_modify')?.assignee).toBe('${applicant}')
    }
    const leave = await parseBpmn(builtinXml(BUILTIN_FLOWS[0]))
    expect(leave.userTasks.get('dept_leader_audit')?.assignee).toBe('${deptLeader}')
    expect(leave.userTasks.get('final_audit')?.candidateGroups).toBe('administrator')
  })

  it('refuses malformed or unusable files with a message naming the file', async () => {
    await expect(parseBpmn('', 'a.bpmn')).rejects.toThrow('流程文件 a.bpmn 无效：文件为空')
    await expect(parseBpmn('<not xml', 'b.bpmn')).rejects.toThrow('流程文件 b.bpmn 无效')
    await expect(
      parseBpmn(
        '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" isExecutable="true"><startEvent id="s"/></process></definitions>',
        'c.bpmn',
      ),
    ).rejects.toThrow('缺少结束事件')
    await expect(
      parseBpmn(
        '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" isExecutable="true"><startEvent id="s"/><endEvent id="e"/><sequenceFlow id="f" sourceRef="s" targetRef="nowhere"/></process></definitions>',
        'd.bpmn',
      ),
    ).rejects.toThrow('流程文件 d.bpmn 无效')
  })
})
