import { isPlatformAdmin, type AuthUser } from '../core/context'

type Row = Record<string, unknown>

/**
 * A tenant row as its caller may see it: never the licence key; for anyone but the platform
 * administrator, none of the platform's user and dept ids (who created or last changed the row).
 */
export function tenantView(user: AuthUser | null) {
  const platform = !!user && isPlatformAdmin(user)
  return <T extends Row>({ licenseKey: _l, ...row }: T): Omit<T, 'licenseKey'> => {
    if (platform) return row
    const { createUser: _cu, createDept: _cd, updateUser: _uu, ...own } = row
    return own as Omit<T, 'licenseKey'>
  }
}
