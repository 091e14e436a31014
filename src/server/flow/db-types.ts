import type { Db } from '../db/client'

/** A database handle or an open transaction: flow functions work inside a caller's transaction too. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx

/** The person acting on a process (a subset of AuthUser, so jobs and seeds can act too). */
export interface Actor {
  userId: string
  tenantId: string
  realName: string
  roleAliases: string[]
  deptIds: string[]
}
