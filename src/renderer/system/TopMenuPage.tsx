import { SettingsRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { topMenuResource } from '../../shared/resources/system/top-menu'
import ResourcePage from '../resource/ResourcePage'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { systemActionsApi, systemTreeApi } from '../../shared/api/system'
import { call } from '../shell/request'
import { CheckTree } from './CheckTree'
import { RowAction } from './RowAction'
import { SaveDialog } from './SaveDialog'
import { useTree } from './SideTree'

/** 菜单配置 of a top menu: the grantable menu tree, pre-checked, saved with `topmenu/grant`. */
function TopMenuGrantDialog({ topMenuId, onClose }: { topMenuId: string; onClose: () => void }) {
  const zh = useLang() === 'zh'
  const tree = useTree(systemTreeApi.grantTopTree)
  const [checked, setChecked] = useState<Set<string>>(new Set())
  useEffect(() => {
    call(systemActionsApi.topTreeKeys, { query: { topMenuIds: topMenuId } })
      .then((keys) => setChecked(new Set(Array.isArray(keys) ? keys.map(String) : [])))
      .catch(() => undefined)
  }, [topMenuId])
  const save = async () => {
    await call(systemActionsApi.topMenuGrant, {
      query: { topMenuIds: topMenuId, menuIds: [...checked].join(',') },
    })
    notify.success(zh ? '操作成功' : 'Done')
    onClose()
  }
  return (
    <SaveDialog title={zh ? '下级菜单配置' : 'Grant menus'} maxWidth={520} onSave={save} onClose={onClose}>
      <CheckTree nodes={tree} checked={checked} onChange={setChecked} label={zh ? '菜单' : 'Menus'} />
    </SaveDialog>
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
                <RowAction
                  icon={<SettingsRegular />}
                  label={zh ? '菜单配置' : 'Menus'}
                  onClick={() => setGranting(String(row.id))}
                />
              )
            : undefined
        }
      />
      {granting ? <TopMenuGrantDialog topMenuId={granting} onClose={() => setGranting(null)} /> : null}
    </>
  )
}
