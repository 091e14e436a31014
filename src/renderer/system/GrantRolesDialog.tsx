import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { request } from '../shell/request'
import { CheckTree } from './CheckTree'
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
  const roles = useTree('/api/blade-system/role/tree')
  const [chosen, setChosen] = useState<Set<string>>(new Set(current.split(',').filter(Boolean)))
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (!chosen.size) {
      notify.warning(zh ? '请选择角色' : 'Please select roles')
      return
    }
    setBusy(true)
    try {
      await request({
        method: 'POST',
        path: '/api/blade-user/grant',
        query: { userIds: userIds.join(','), roleIds: [...chosen].join(',') },
      })
      notify.success(zh ? '操作成功' : 'Done')
      onSaved()
    } catch {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 420 }}>
        <DialogBody>
          <DialogTitle>{zh ? '角色配置' : 'Grant roles'}</DialogTitle>
          <DialogContent>
            <CheckTree nodes={roles} checked={chosen} onChange={setChosen} label={zh ? '角色' : 'Roles'} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void save()}>
              {zh ? '确定' : 'OK'}
            </Button>
            <Button onClick={onClose}>{zh ? '取消' : 'Cancel'}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
