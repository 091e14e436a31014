import { useEffect, useState } from 'react'
import { ownAccountApi } from '../../shared/api/user'
import { quietCall } from './request'
import { useUser } from './session'

/**
 * The names of the signed-in user's current roles (教师, not `teacher`): the token carries role
 * aliases, so the names come from the user's own info (open to every signed-in user), matched to
 * the session's role ids (a department/role switch narrows them). Shows the aliases until the names
 * arrive, or when they cannot be matched.
 */
export function useRoleNames(): string {
  const user = useUser()
  const roleId = user?.roleId ?? ''
  const aliases = user?.roleName ?? ''
  const [names, setNames] = useState<{ roleId: string; text: string } | null>(null)

  useEffect(() => {
    if (!roleId) return
    let live = true
    quietCall(ownAccountApi.info)
      .then((info) => {
        const text = roleNamesOf(roleId, info?.roleId ?? '', info?.roleName ?? '')
        if (live && text) setNames({ roleId, text })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [roleId])

  return names?.roleId === roleId ? names.text : aliases
}

/** The names of `sessionRoleIds` given the user's role ids and their names (same order, same count). */
export function roleNamesOf(sessionRoleIds: string, userRoleIds: string, userRoleNames: string): string {
  const ids = splitList(userRoleIds)
  const names = splitList(userRoleNames)
  if (!names.length || ids.length !== names.length) return ''
  return splitList(sessionRoleIds)
    .map((id) => names[ids.indexOf(id)])
    .filter(Boolean)
    .join(',')
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
