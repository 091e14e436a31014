import { ShieldKeyholeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { roleResource } from '../../shared/resources/system/organisation'
import ResourcePage from '../resource/ResourcePage'
import { useLang } from '../resource/shell-adapter'
import { usePermission } from '../shell/permission'
import { GrantPermissionDialog } from './GrantPermissionDialog'
import { RowAction } from './RowAction'

/** 角色管理 (/authority/role): the role tree table with 权限设置 on each row. */
export default function RolePage() {
  const zh = useLang() === 'zh'
  const canGrant = usePermission('role_role')
  const [granting, setGranting] = useState<string | null>(null)
  return (
    <>
      <ResourcePage
        def={roleResource}
        rowExtra={
          canGrant
            ? (row) => (
                <RowAction
                  icon={<ShieldKeyholeRegular />}
                  label={zh ? '权限设置' : 'Permissions'}
                  onClick={() => setGranting(String(row.id))}
                />
              )
            : undefined
        }
      />
      {granting ? <GrantPermissionDialog roleId={granting} onClose={() => setGranting(null)} /> : null}
    </>
  )
}
