import { holdsAnyRole, type ManagerCheck } from '../core/applicant'
import { BUILTIN_FLOWS } from './definitions'

/**
 * The office roles of a built-in approval flow: the role aliases named as candidate groups of its
 * steps (`staff,administrator` for most). Groups computed when the flow starts (`${…}`) name no role
 * here; a group `staff@<dept>` counts as its role.
 */
export function flowManagers(processKey: string, extra: readonly string[] = []): ManagerCheck {
  const flow = BUILTIN_FLOWS.find((f) => f.key === processKey)
  if (!flow) throw new Error(`unknown flow ${processKey}`)
  const aliases = new Set(extra)
  for (const step of flow.steps)
    for (const group of (step.candidateGroups ?? '').split(','))
      if (group.trim() && !group.includes('${')) aliases.add(group.trim().split('@')[0])
  return holdsAnyRole([...aliases])
}
