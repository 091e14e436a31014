import { Tab, TabList } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useLang } from '../resource/shell-adapter'
import { notify } from '../shell/notify'
import { systemActionsApi, type GrantKind as Kind, type TreeNode } from '../../shared/api/system'
import { call } from '../shell/request'
import { CheckTree } from './CheckTree'
import { SaveDialog } from './SaveDialog'

const KINDS: { kind: Kind; zh: string; en: string; field: string }[] = [
  { kind: 'menu', zh: '菜单权限', en: 'Menus', field: 'menuIds' },
  { kind: 'dataScope', zh: '数据权限', en: 'Data scopes', field: 'dataScopeIds' },
  { kind: 'apiScope', zh: '接口权限', en: 'API scopes', field: 'apiScopeIds' },
]

/**
 * 权限设置 of a role: menus, data scopes and API scopes as three tabs of checkbox trees
 * (`menu/grant-tree`), pre-checked from `menu/role-tree-keys`, saved at once with `role/grant`.
 */
export function GrantPermissionDialog({ roleId, onClose }: { roleId: string; onClose: () => void }) {
  const zh = useLang() === 'zh'
  const [tab, setTab] = useState<Kind>('menu')
  const [trees, setTrees] = useState<Record<Kind, TreeNode[]>>({ menu: [], dataScope: [], apiScope: [] })
  const [checked, setChecked] = useState<Record<Kind, Set<string>>>({
    menu: new Set(),
    dataScope: new Set(),
    apiScope: new Set(),
  })

  useEffect(() => {
    void Promise.all([
      call(systemActionsApi.grantTree),
      call(systemActionsApi.roleTreeKeys, { query: { roleIds: roleId } }),
    ])
      .then(([tree, keys]) => {
        setTrees(tree)
        setChecked({
          menu: new Set(keys.menu),
          dataScope: new Set(keys.dataScope),
          apiScope: new Set(keys.apiScope),
        })
      })
      .catch(() => undefined)
  }, [roleId])

  const save = async () => {
    await call(systemActionsApi.roleGrant, {
      body: {
        roleIds: roleId,
        ...Object.fromEntries(KINDS.map((k) => [k.field, [...checked[k.kind]].join(',')])),
      },
    })
    notify.success(zh ? '操作成功' : 'Done')
    onClose()
  }

  const current = KINDS.find((k) => k.kind === tab)!
  return (
    <SaveDialog
      title={zh ? '角色权限配置' : 'Role permissions'}
      maxWidth={560}
      onSave={save}
      onClose={onClose}
    >
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as Kind)}>
        {KINDS.map((k) => (
          <Tab key={k.kind} value={k.kind}>
            {zh ? k.zh : k.en}
          </Tab>
        ))}
      </TabList>
      <CheckTree
        nodes={trees[tab]}
        checked={checked[tab]}
        label={zh ? current.zh : current.en}
        onChange={(next) => setChecked((prev) => ({ ...prev, [tab]: next }))}
      />
    </SaveDialog>
  )
}
