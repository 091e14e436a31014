import { useMemo, useState } from 'react'
import { apiScopeResource, dataScopeResource } from '../../shared/resources/system/scopes'
import ResourcePage from '../resource/ResourcePage'
import { useLang } from '../resource/shell-adapter'
import { SideTreeLayout } from './SideTree'

/** 数据权限 / 接口权限: the menu tree on the left, the scopes of the chosen menu on the right. */
function ScopeScreen({ api }: { api: boolean }) {
  const zh = useLang() === 'zh'
  const [menuId, setMenuId] = useState<string | null>(null)
  const query = useMemo(() => (menuId ? { menuId } : undefined), [menuId])
  return (
    <SideTreeLayout
      label={zh ? '菜单' : 'Menus'}
      path="/api/blade-system/menu/tree"
      chosen={menuId}
      onChoose={setMenuId}
    >
      <ResourcePage
        def={api ? apiScopeResource : dataScopeResource}
        fixedQuery={query}
        addPreset={menuId ? { menuId } : undefined}
      />
    </SideTreeLayout>
  )
}

export const DataScopePage = () => <ScopeScreen api={false} />
export const ApiScopePage = () => <ScopeScreen api />
