import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { MoreHorizontalRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { request } from '../shell/request'
import { useLang } from '../resource/shell-adapter'
import { userResource } from './defs'
import { GrantRolesDialog } from './GrantRolesDialog'
import { SideTreeLayout } from './SideTree'

/**
 * 用户管理 (/system/user): the department tree on the left filters the list; each row's 更多 menu
 * holds 角色配置, 密码重置, 账号解封 and 审核通过 (for registered guests waiting, status 0).
 */
export default function UserPage() {
  const zh = useLang() === 'zh'
  const [deptId, setDeptId] = useState<string | null>(null)
  const [granting, setGranting] = useState<Row | null>(null)
  const [tick, setTick] = useState(0)
  const canRole = usePermission('user_role')
  const canReset = usePermission('user_reset')
  const canUnlock = usePermission('user_unlock')
  const canApprove = usePermission('user_approve')
  const fixedQuery = useMemo(() => (deptId ? { deptId } : undefined), [deptId])

  /** A row action; `reload` remounts the list (it loses the search) when the shown row changed. */
  const act = async (path: string, query: Record<string, string>, ask: string | null, reload: boolean) => {
    if (ask && !(await confirm(ask, zh ? '提示' : 'Notice'))) return
    try {
      await request({ method: 'POST', path, query })
    } catch {
      return
    }
    notify.success(zh ? '操作成功' : 'Done')
    if (reload) setTick((t) => t + 1)
  }

  const rowExtra = (row: Row) => {
    const id = String(row.id)
    if (!canRole && !canReset && !canUnlock && !canApprove) return null
    return (
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />}>
            {zh ? '更多' : 'More'}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {canRole ? (
              <MenuItem onClick={() => setGranting(row)}>{zh ? '角色配置' : 'Grant roles'}</MenuItem>
            ) : null}
            {canReset ? (
              <MenuItem
                onClick={() =>
                  void act(
                    '/api/blade-user/reset-password',
                    { userIds: id },
                    zh ? '确定将选择账号密码重置为初始密码?' : 'Reset the password to the initial one?',
                    false,
                  )
                }
              >
                {zh ? '密码重置' : 'Reset password'}
              </MenuItem>
            ) : null}
            {canUnlock ? (
              <MenuItem
                onClick={() =>
                  void act(
                    '/api/blade-user/unlock',
                    { userIds: id },
                    zh ? '确定将选择账号解封?' : 'Unlock the account?',
                    false,
                  )
                }
              >
                {zh ? '账号解封' : 'Unlock'}
              </MenuItem>
            ) : null}
            {canApprove && Number(row.status) === 0 ? (
              <MenuItem onClick={() => void act('/api/blade-user/audit-pass', { ids: id }, null, true)}>
                {zh ? '审核通过' : 'Approve'}
              </MenuItem>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    )
  }

  return (
    <SideTreeLayout
      label={zh ? '部门' : 'Departments'}
      path="/api/blade-system/dept/tree"
      chosen={deptId}
      onChoose={(id) => setDeptId(id)}
    >
      <ResourcePage
        key={tick}
        def={userResource}
        fixedQuery={fixedQuery}
        addPreset={deptId ? { deptId } : undefined}
        rowExtra={rowExtra}
      />
      {granting ? (
        <GrantRolesDialog
          userIds={[String(granting.id)]}
          current={String(granting.roleId ?? '')}
          onClose={() => setGranting(null)}
          onSaved={() => {
            setGranting(null)
            setTick((t) => t + 1)
          }}
        />
      ) : null}
    </SideTreeLayout>
  )
}
