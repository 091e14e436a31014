import type { FastifyRequest } from 'fastify'
import type { ResourceHooks } from '../core/resource-routes'
import { bad } from '../core/errors'
import { requireUser } from '../core/scope'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { asClientHash, hashPassword, md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { revokeUserSessions } from '../auth/sessions'
import { splitIds } from '../auth/identity'
import { accountTaken, checkAccountLimit, checkRefs, LINK_FILTERS, linkFilters } from './access'
import { presentUsers, type ListedUser } from './present'

type Row = Record<string, unknown>

/**
 * The stored hash of a new user's password: the one given (md5 hex as the clients send it, or plain),
 * else the tenant's initial password (`account.initPassword`); neither is a 400.
 */
export async function newPasswordHash(db: Db, given: unknown, missing = '请输入密码'): Promise<string> {
  if (typeof given === 'string' && given !== '') return hashPassword(asClientHash(given))
  const initPassword = await readParam(db, PARAM_INIT_PASSWORD)
  return initPassword ? hashPassword(md5Hex(initPassword)) : bad(missing)
}

/** The day of a birthday as the form sends it (`yyyy-MM-dd`) or as the detail answers it (with a time). */
const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]/.test(v) ? v.slice(0, 10) : v)

const COLUMNS = new Set(Object.keys(user))

/**
 * 用户管理 by the engine: the page's department subtree, role and post filters; a new user's password
 * hashed (or the initial one), the account limit and a free account; an edit never touches the
 * password, and a changed role or department signs the user out (tokens carry them); roles and
 * departments must be the tenant's; nobody removes themselves, and the removed are signed out.
 */
export const userHooks: ResourceHooks = {
  notFilters: LINK_FILTERS,
  readScope: linkFilters,
  input: ({ body }) => ({ ...body, birthday: dayOf(body.birthday) }),
  beforeSave: async ({ db, data, request, row, isNew, id, tenantId }) => {
    for (const key of Object.keys(row)) if (!COLUMNS.has(key)) delete row[key]
    const account = row.account as string | undefined
    if (account && (await accountTaken(db, tenantId, account, id))) bad(`当前用户 [${account}] 已存在!`)
    await checkRefs(db, tenantId, splitIds(row.roleId as string), splitIds(row.deptId as string))
    if (typeof row.birthday === 'string') row.birthday = new Date(`${row.birthday}T00:00:00`)
    if (isNew) {
      const confirm = (request.body as Row).password2
      if (confirm !== undefined && confirm !== '' && confirm !== row.password) bad('两次密码输入不一致')
      await checkAccountLimit(db, tenantId)
      row.password = await newPasswordHash(db, row.password)
      row.userType ??= 1
      return
    }
    delete row.password
    const before = await data.repo(user).get(id!)
    const moved = (key: 'roleId' | 'deptId') => row[key] !== undefined && row[key] !== before?.[key]
    if (moved('roleId') || moved('deptId')) await revokeUserSessions(db, id!)
  },
  beforeRemove: async ({ db, request, ids }) => {
    if (ids.includes(requireUser(request).userId)) bad('不能删除当前登录用户')
    for (const id of ids) await revokeUserSessions(db, id)
  },
  present: (rows, request: FastifyRequest) =>
    presentUsers(request.server.db, rows as unknown as ListedUser[]) as unknown as Promise<Row[]>,
}
