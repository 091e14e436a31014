import { useEffect, useState } from 'react'
import { quietGet } from './request'
import { useUser } from './session'

/**
 * The names of the signed-in user's current roles (教师, not `teacher`): the token carries role
 * aliases, so the names come from the role select of the user's own role ids. Shows the aliases
 * until the names arrive, or when the server does not answer.
 */
export function useRoleNames(): string {
  const user = useUser()
  const roleId = user?.roleId ?? ''
  const aliases = user?.roleName ?? ''
  const [names, setNames] = useState<{ roleId: string; text: string } | null>(null)

  useEffect(() => {
    if (!roleId) return
    let live = true
    quietGet<Array<{ roleName?: string }>>('/api/blade-system/role/select', { roleId })
      .then((rows) => {
        const text = (rows ?? [])
          .map((r) => r.roleName ?? '')
          .filter(Boolean)
          .join(',')
        if (live && text) setNames({ roleId, text })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [roleId])

  return names?.roleId === roleId ? names.text : aliases
}
