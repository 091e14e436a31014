import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import {
  ArrowSwap20Regular,
  Board20Regular,
  ChevronDown12Regular,
  Person20Regular,
  Info20Regular,
  DatabaseArrowDown20Regular,
  SignOut20Regular,
} from '@fluentui/react-icons'
import { useT } from '../../i18n'
import { confirm } from '../../shell/confirm'
import { SWITCH_MODE } from '../../shell/constants'
import { SIGNED_OUT, useSession, useUser } from '../../shell/session'
import { useSettings } from '../../shell/settings'
import { mayManageBackups } from '../../../shared/backup-access'
import { useAbout } from './about'
import { SwitchDialog } from './SwitchDialog'

/** Avatar, name and the user dropdown: dashboard, personal info, switch, layout, sign out. */
export function UserMenu({ color }: { color: string }) {
  const t = useT()
  const navigate = useNavigate()
  const user = useUser()
  const workbenchOnly = useSettings((s) => s.workbenchOnly)
  const [switchOpen, setSwitchOpen] = useState(false)
  // Only the platform administrator on this PC's embedded server (main refuses everyone else too).
  const backups = useSession((s) => mayManageBackups(s.state))
  const name = user?.realName || user?.nickName || user?.account || ''

  const signOut = async () => {
    if (!(await confirm(t('nav.logoutConfirm')))) return
    await useSession.getState().signOut()
    navigate('/login', { replace: true, state: SIGNED_OUT })
  }

  return (
    <>
      <Menu
        checkedValues={{ layout: workbenchOnly ? ['workbench'] : [] }}
        onCheckedValueChange={(_, d) =>
          useSettings.getState().setWorkbenchOnly(d.checkedItems.includes('workbench'))
        }
      >
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="transparent"
            style={{ color, gap: 8, paddingInline: 8 }}
            icon={
              <Avatar
                size={28}
                name={name}
                image={user?.avatar ? { src: user.avatar } : undefined}
                color="brand"
              />
            }
            aria-label={name}
          >
            {name}
            <ChevronDown12Regular />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Board20Regular />} onClick={() => navigate('/wel/dashboard')}>
              {t('nav.dashboard')}
            </MenuItem>
            <MenuItem icon={<Person20Regular />} onClick={() => navigate('/info/index')}>
              {t('nav.info')}
            </MenuItem>
            {SWITCH_MODE ? (
              <MenuItem icon={<ArrowSwap20Regular />} onClick={() => setSwitchOpen(true)}>
                {t('nav.switch')}
              </MenuItem>
            ) : null}
            <MenuItemCheckbox name="layout" value="workbench">
              {t('nav.workbenchOnly')}
            </MenuItemCheckbox>
            {backups ? (
              <MenuItem icon={<DatabaseArrowDown20Regular />} onClick={() => navigate('/backup/index')}>
                {t('nav.backup')}
              </MenuItem>
            ) : null}
            <MenuItem icon={<Info20Regular />} onClick={() => useAbout.getState().show()}>
              {t('nav.about')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()}>
              {t('nav.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {SWITCH_MODE ? <SwitchDialog open={switchOpen} onClose={() => setSwitchOpen(false)} /> : null}
    </>
  )
}
