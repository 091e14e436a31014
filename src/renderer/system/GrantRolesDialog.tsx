import { useState } from 'react'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { systemTreeApi } from '../../shared/api/system'
import { userActionsApi } from '../../shared/api/user'
import { call } from '../shell/request'
import { CheckTree } from './CheckTree'
import { SaveDialog } from './SaveDialog'
import { useTree } from './SideTree'

/** 角色配置: replaces the roles of the chosen users (`blade-user/grant`). */
export function GrantRolesDialog({
  userIds,
  current,
  onClose,
  onSaved,
}: {
  userIds: string[]
  current: string
  onClose: () => void
  onSaved: () => void
}) {
  const zh = useLang() === 'zh'
  const roles = useTree(systemTreeApi.roleTree)
  const [chosen, setChosen] = useState<Set<string>>(new Set(current.split(',').filter(Boolean)))
  const save = async () => {
    if (!chosen.size) {
      notify.warning(zh ? '请选择角色' : 'Please select roles')
      return
    }
    await call(userActionsApi.grant, {
      query: { userIds: userIds.join(','), roleIds: [...chosen].join(',') },
    })
    notify.success(zh ? '操作成功' : 'Done')
    onSaved()
  }

  return (
    <SaveDialog title={zh ? '角色配置' : 'Grant roles'} maxWidth={420} onSave={save} onClose={onClose}>
      <CheckTree nodes={roles} checked={chosen} onChange={setChosen} label={zh ? '角色' : 'Roles'} />
    </SaveDialog>
  )
}
