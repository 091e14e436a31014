import { and, eq, inArray, sql } from 'drizzle-orm'
import { dept, role, user } from '../db/schema'
import { BizError } from '../core/errors'
import { flowExpressions } from './expressions'
import type { UserTaskSpec } from './bpmn'
import type { Actor, Executor } from './db-types'
import { ownedRows, tenantRows } from '../core/data'

/** The role alias that marks a department's head, found by `${deptLeader}` at process start. */
export const DEPT_HEAD_ROLE_ALIAS = 'deptLeader'

/**
 * Candidate keys: `user:<id>`, `role:<alias>` (anyone with the role in the tenant) and
 * `role:<alias>@<deptId>` (the role held in that department). A task stores the keys that may
 * claim it; a user matches through the keys computed here.
 */
export function candidateKeysOf(actor: Actor): string[] {
  const keys = [`user:${actor.userId}`]
  for (const alias of actor.roleAliases) {
    keys.push(`role:${alias}`)
    for (const d of actor.deptIds) keys.push(`role:${alias}@${d}`)
  }
  return keys
}

/** The applicant's department followed by its ancestors, nearest first. */
export async function deptChain(
  db: Executor,
  tenantId: string,
  deptId: string | undefined,
): Promise<string[]> {
  if (!deptId) return []
  const [row] = await db
    .select({ ancestors: dept.ancestors })
    .from(dept)
    .where(and(tenantRows(dept, tenantId), eq(dept.id, deptId)))
  if (!row) return [deptId]
  const up = (row.ancestors ?? '')
    .split(',')
    .filter((d) => d && d !== '0')
    .reverse()
  return [deptId, ...up]
}

const splitIds = (s: string | null) => (s ?? '').split(',').filter(Boolean)

/** Holders of the department-head role in the nearest department of the chain that has one. */
export async function findDeptLeaders(db: Executor, tenantId: string, chain: string[]): Promise<string[]> {
  if (!chain.length) return []
  const roleIds = (
    await db
      .select({ id: role.id })
      .from(role)
      .where(and(ownedRows(role, tenantId), eq(role.roleAlias, DEPT_HEAD_ROLE_ALIAS)))
  ).map((r) => r.id)
  if (!roleIds.length) return []
  const holders = await db
    .select({ id: user.id, deptId: user.deptId })
    .from(user)
    .where(
      and(
        ownedRows(user, tenantId),
        sql`string_to_array(${user.roleId}, ',') && ARRAY[${sql.join(
          roleIds.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
  for (const d of chain) {
    const here = holders.filter((h) => splitIds(h.deptId).includes(d)).map((h) => h.id)
    if (here.length) return here
  }
  return []
}

export async function userNames(db: Executor, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((i) => /^\d+$/.test(i))
  if (!unique.length) return new Map()
  const rows = await db
    .select({ id: user.id, realName: user.realName, name: user.name, account: user.account })
    .from(user)
    .where(and(tenantRows(user, tenantId), inArray(user.id, unique)))
  return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]))
}

async function userIdOf(db: Executor, tenantId: string, ref: string): Promise<string | undefined> {
  if (/^\d+$/.test(ref)) return ref
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(ownedRows(user, tenantId), eq(user.account, ref)))
  return row?.id
}

/** Expression or literal, to a list of strings (`${deptLeader}` may hold several user ids). */
function values(text: string | undefined, variables: Record<string, unknown>): string[] {
  if (!text) return []
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      if (!flowExpressions.hasExpression(part)) return [part]
      const v = flowExpressions.resolveExpression(part, { environment: { variables } })
      if (Array.isArray(v)) return v.map(String)
      return v === undefined || v === null || v === '' ? [] : String(v).split(',')
    })
    .map((s) => s.trim())
    .filter(Boolean)
}

export interface TaskPeople {
  assigneeId: string | null
  candidateKeys: string[]
}

/**
 * Who does a user task: a single assignee, or candidate users and role groups who must claim it.
 * `alias@dept` in candidateGroups means that role held in the applicant's department or any
 * department above it (a college's staff for a student of one of its majors).
 */
export async function resolveTaskPeople(
  db: Executor,
  tenantId: string,
  spec: UserTaskSpec,
  variables: Record<string, unknown>,
): Promise<TaskPeople> {
  const chain = (variables.applicantDeptChain as string[] | undefined) ?? []
  const keys = new Set<string>()
  const assignees: string[] = []
  for (const ref of values(spec.assignee, variables)) {
    const id = await userIdOf(db, tenantId, ref)
    if (id) assignees.push(id)
  }
  for (const ref of values(spec.candidateUsers, variables)) {
    const id = await userIdOf(db, tenantId, ref)
    if (id) keys.add(`user:${id}`)
  }
  for (const group of values(spec.candidateGroups, variables)) {
    const [alias, scope] = group.split('@')
    if (scope === 'dept') for (const d of chain) keys.add(`role:${alias}@${d}`)
    else keys.add(scope ? `role:${alias}@${scope}` : `role:${alias}`)
  }
  if (assignees.length === 1 && !keys.size) return { assigneeId: assignees[0], candidateKeys: [] }
  for (const a of assignees) keys.add(`user:${a}`)
  if (!keys.size)
    throw new BizError(`流程任务「${spec.name}」找不到办理人，请检查流程配置或申请人的部门负责人`)
  return { assigneeId: null, candidateKeys: [...keys] }
}
