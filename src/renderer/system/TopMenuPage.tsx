import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { SettingsRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { topMenuResource } from '../../shared/resources/system/top-menu'
import ResourcePage from '../resource/ResourcePage'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { request } from '../shell/request'
import { CheckTree } from './CheckTree'
import { useTree } from './SideTree'

/** 菜单配置 of a top menu: the grantable menu tree, pre-checked, saved with `topmenu/grant`. */
function TopMenuGrantDialog({ topMenuId, onClose }: { topMenuId: string; onClose: () => void }) {
  const zh = useLang() === 'zh'
  const tree = useTree('/api/blade-system/menu/grant-top-tree')
  const [checked, setChecked] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    request<string[]>({
      method: 'GET',
      path: '/api/blade-system/menu/top-tree-keys',
      query: { topMenuIds: topMenuId },
    })
      .then((keys) => setChecked(new Set(Array.isArray(keys) ? keys.map(String) : [])))
      .catch(() => undefined)
  }, [topMenuId])
  const save = async () => {
    setBusy(true)
    try {
      await request({
        method: 'POST',
        path: '/api/blade-system/topmenu/grant',
        query: { topMenuIds: topMenuId, menuIds: [...checked].join(',') },
      })
      notify.success(zh ? '操作成功' : 'Done')
      onClose()
    } catch {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 520 }}>
        <DialogBody>
          <DialogTitle>{zh ? '下级菜单配置' : 'Grant menus'}</DialogTitle>
          <DialogContent>
            <CheckTree nodes={tree} checked={checked} onChange={setChecked} label={zh ? '菜单' : 'Menus'} />
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

/** 顶部菜单 (/system/topmenu): the list with 菜单配置 on each row. */
export default function TopMenuPage() {
  const zh = useLang() === 'zh'
  const canGrant = usePermission('topmenu_setting')
  const [granting, setGranting] = useState<string | null>(null)
  return (
    <>
      <ResourcePage
        def={topMenuResource}
        rowExtra={
          canGrant
            ? (row) => (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<SettingsRegular />}
                  onClick={() => setGranting(String(row.id))}
                >
                  {zh ? '菜单配置' : 'Menus'}
                </Button>
              )
            : undefined
        }
      />
      {granting ? <TopMenuGrantDialog topMenuId={granting} onClose={() => setGranting(null)} /> : null}
    </>
  )
}
