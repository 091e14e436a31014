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
  /** Seconds the access token is valid for (BladeX default 3600 when a server leaves it out). */
  expires_in: z.coerce.number().nonnegative().default(3600),
})
export type TokenReply = z.infer<typeof TokenReply>

/** The user as the renderer sees it, from a token reply. */
export function userOf(reply: TokenReply): SessionUser {
  return {
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
}
