import { Button } from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useT } from '../i18n'
import { ImportDialog } from '../resource/ImportDialog'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { useLang } from '../resource/shell-adapter'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermission } from '../shell/permission'
import { systemTreeApi } from '../../shared/api/system'
import { userActionsApi } from '../../shared/api/user'
import { call } from '../shell/request'
import { userImportResource, userResource } from '../../shared/resources/system/user'
import { GrantRolesDialog } from './GrantRolesDialog'
import { RowMoreMenu } from './RowAction'
import { SideTreeLayout } from './SideTree'
import { OtherInfoDialog, PlatformDialog } from './UserDialogs'

type Open = { kind: 'roles' | 'platform' | 'other'; row: Row } | { kind: 'import' } | null

/**
 * 用户管理 (/system/user): the department tree on the left filters the list; each row's 更多 menu
 * holds 角色配置, 密码重置, 账号解封, 平台配置, 扩展信息 and 审核通过 (for registered guests waiting,
 * status 0). 导入 reads the columns 导出 writes.
 */
export default function UserPage() {
  const t = useT()
  const lang = useLang()
  const [deptId, setDeptId] = useState<string | null>(null)
  const [open, setOpen] = useState<Open>(null)
  const [tick, setTick] = useState(0)
  const canRole = usePermission('user_role')
  const canReset = usePermission('user_reset')
  const canUnlock = usePermission('user_unlock')
  const canPlatform = usePermission('user_platform')
  const canOther = usePermission('user_other')
  const canApprove = usePermission('user_approve')
  const canImport = usePermission('user_import')
  const fixedQuery = useMemo(() => (deptId ? { deptId } : undefined), [deptId])
  const close = () => setOpen(null)
  const savedAndReload = () => {
    setOpen(null)
    setTick((n) => n + 1)
  }

  /** A row action; `reload` remounts the list (it loses the search) when the shown row changed. */
  const act = async (run: () => Promise<unknown>, ask: string | null, reload: boolean) => {
    if (ask && !(await confirm(ask, t('common.tip')))) return
    try {
      await run()
    } catch {
      return
    }
    notify.success(t('common.operationSuccess'))
    if (reload) setTick((n) => n + 1)
  }

  const rowExtra = (row: Row) => {
    const id = String(row.id)
    return (
      <RowMoreMenu
        items={[
          canRole && { label: t('system.user.grantRoles'), onClick: () => setOpen({ kind: 'roles', row }) },
          canReset && {
            label: t('system.user.reset'),
            onClick: () =>
              void act(
                () => call(userActionsApi.resetPassword, { query: { userIds: id } }),
                t('system.user.resetConfirm'),
                false,
              ),
          },
          canUnlock && {
            label: t('system.user.unlock'),
            onClick: () =>
              void act(
                () => call(userActionsApi.unlock, { query: { userIds: id } }),
                t('system.user.unlockConfirm'),
                false,
              ),
          },
          canPlatform && {
            label: t('system.user.platform'),
            onClick: () => setOpen({ kind: 'platform', row }),
          },
          canOther && { label: t('system.user.other'), onClick: () => setOpen({ kind: 'other', row }) },
          canApprove &&
            Number(row.status) === 0 && {
              label: t('system.user.approve'),
              onClick: () =>
                void act(() => call(userActionsApi.auditPass, { query: { ids: id } }), null, true),
            },
        ]}
      />
    )
  }

  return (
    <SideTreeLayout
      label={t('system.user.depts')}
      tree={systemTreeApi.deptTree}
      chosen={deptId}
      onChoose={(id) => setDeptId(id)}
    >
      <ResourcePage
        key={tick}
        def={userResource}
        fixedQuery={fixedQuery}
        addPreset={deptId ? { deptId } : undefined}
        rowExtra={rowExtra}
        toolbarExtra={
          canImport ? (
            <Button icon={<ArrowUploadRegular />} onClick={() => setOpen({ kind: 'import' })}>
              {t('system.user.import')}
            </Button>
          ) : null
        }
      />
      {open?.kind === 'roles' ? (
        <GrantRolesDialog
          userIds={[String(open.row.id)]}
          current={String(open.row.roleId ?? '')}
          onClose={close}
          onSaved={savedAndReload}
        />
      ) : null}
      {open?.kind === 'platform' ? <PlatformDialog row={open.row} onClose={close} onSaved={close} /> : null}
      {open?.kind === 'other' ? <OtherInfoDialog row={open.row} onClose={close} onSaved={close} /> : null}
      {open?.kind === 'import' ? (
        <ImportDialog def={userImportResource} lang={lang} onClose={close} onImported={savedAndReload} />
      ) : null}
    </SideTreeLayout>
  )
}
