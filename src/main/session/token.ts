import { z } from 'zod'
import type { SessionUser } from '@shared/ipc/contract'

/** The raw BladeX token reply (flavour A): only the fields the client reads. */
export const TokenReply = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  tenant_id: z.coerce.string().default(''),
  user_id: z.coerce.string().default(''),
  account: z.coerce.string().default(''),
  user_name: z.coerce.string().default(''),
  nick_name: z.coerce.string().default(''),
  real_name: z.coerce.string().default(''),
  avatar: z.coerce.string().default(''),
  role_id: z.coerce.string().default(''),
  role_name: z.coerce.string().default(''),
  dept_id: z.coerce.string().default(''),
})
export type TokenReply = z.infer<typeof TokenReply>

/** What the vault keeps per server: the tokens, when they were issued, and the user without tokens. */
export const TokenRecord = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  issuedAt: z.number(),
  tenantId: z.string(),
  deptId: z.string(),
  roleId: z.string(),
  user: z.object({
    userId: z.string(),
    tenantId: z.string(),
    account: z.string(),
    userName: z.string(),
    nickName: z.string(),
    realName: z.string(),
    avatar: z.string(),
    roleId: z.string(),
    roleName: z.string(),
    deptId: z.string(),
  }),
})
export type TokenRecord = z.infer<typeof TokenRecord>

export function toTokenRecord(
  reply: TokenReply,
  issuedAt: number,
  chosen: { deptId?: string; roleId?: string },
): TokenRecord {
  const user: SessionUser = {
    userId: reply.user_id,
    tenantId: reply.tenant_id,
    account: reply.account,
    userName: reply.user_name,
    nickName: reply.nick_name,
    realName: reply.real_name,
    avatar: reply.avatar,
    roleId: reply.role_id,
    roleName: reply.role_name,
    deptId: reply.dept_id,
  }
  return {
    accessToken: reply.access_token,
    refreshToken: reply.refresh_token,
    issuedAt,
    tenantId: reply.tenant_id,
    deptId: chosen.deptId ?? '',
    roleId: chosen.roleId ?? '',
    user,
  }
}
