import { Button } from '@fluentui/react-components'
import { SettingsRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { systemTreeApi } from '../../shared/api/system'
import { apiScopeResource, dataScopeResource } from '../../shared/resources/system/scopes'
import { FormDialog } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { SideTreeLayout } from './SideTree'

/**
 * 数据权限 / 接口权限: the menu tree on the left, the scopes of the chosen menu on the right.
 * New scopes come from 权限配置 (`<code>_setting`), preset to the chosen menu.
 */
function ScopeScreen({ api }: { api: boolean }) {
  const lang = useLang()
  const zh = lang === 'zh'
  const def = api ? apiScopeResource : dataScopeResource
  const canSet = usePermission(`${def.permission}_setting`)
  const [menuId, setMenuId] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const [tick, setTick] = useState(0)
  const query = useMemo(() => (menuId ? { menuId } : undefined), [menuId])
  return (
    <SideTreeLayout
      label={zh ? '菜单' : 'Menus'}
      tree={systemTreeApi.menuTree}
      chosen={menuId}
      onChoose={setMenuId}
    >
      <ResourcePage
        key={tick}
        def={def}
        fixedQuery={query}
        toolbarExtra={
          canSet ? (
            <Button appearance="primary" icon={<SettingsRegular />} onClick={() => setAdding(true)}>
              {zh ? '权限配置' : 'Configure'}
            </Button>
          ) : null
        }
      />
      {adding ? (
        <FormDialog
          def={def}
          lang={lang}
          mode="add"
          preset={menuId ? { menuId } : undefined}
          onClose={() => setAdding(false)}
          onSaved={() => {
            notify.success(zh ? '新增成功' : 'Added')
            setAdding(false)
            setTick((t) => t + 1)
          }}
        />
      ) : null}
    </SideTreeLayout>
  )
}

export const DataScopePage = () => <ScopeScreen api={false} />
export const ApiScopePage = () => <ScopeScreen api />
