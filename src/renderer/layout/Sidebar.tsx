import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import {
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components'
import { ChevronDown16Regular, ChevronRight16Regular, Beaker24Regular } from '@fluentui/react-icons'
import { useLanguage, useT } from '../i18n'
import { filterByRoles, menuLabel, menuTarget, workbenchOnly, useMenu, type MenuNode } from '../shell/menu'
import { useSettings } from '../shell/settings'
import { useSession, userRoles } from '../shell/session'
import { menuIcon } from './menuIcons'

const useStyles = makeStyles({
  root: {
    background: 'var(--lab-sidebar-bg)',
    color: 'var(--lab-sidebar-fg)',
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    transition: 'width 0.2s',
    overflow: 'hidden',
    boxShadow: '2px 0 6px rgba(0,21,41,0.12)',
    zIndex: 2,
  },
  logo: {
    height: '56px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '0 18px',
    background: 'var(--lab-logo-bg)',
    color: 'var(--lab-logo-fg)',
    fontWeight: 600,
    fontSize: '16px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
  scroll: { flex: 1, overflowY: 'auto', overflowX: 'hidden', padding: '8px 0' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    width: '100%',
    minHeight: '44px',
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    fontSize: '14px',
    cursor: 'pointer',
    textAlign: 'left',
    paddingRight: '16px',
    whiteSpace: 'nowrap',
    ':hover': { background: 'rgba(128,128,128,0.14)' },
    ':focus-visible': { outline: '2px solid var(--lab-sidebar-active-bg)', outlineOffset: '-2px' },
  },
  active: {
    background: 'var(--lab-sidebar-active-bg)',
    color: 'var(--lab-sidebar-active-fg)',
    ':hover': { background: 'var(--lab-sidebar-active-bg)' },
  },
  label: { flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
  icon: { display: 'inline-flex', width: '20px', justifyContent: 'center', flexShrink: 0 },
  empty: { padding: '24px 16px', fontSize: '13px', lineHeight: 1.6, opacity: 0.8, whiteSpace: 'normal' },
  collapsedItem: { justifyContent: 'center', paddingRight: 0 },
})

function containsPath(node: MenuNode, path: string): boolean {
  if (menuTarget(node) === path) return true
  return (node.children ?? []).some((child) => containsPath(child, path))
}

function MenuBranch({ node, depth, active }: { node: MenuNode; depth: number; active: string }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const language = useLanguage((s) => s.language)
  const hasChildren = !!node.children && node.children.length > 0
  const [open, setOpen] = useState(() => containsPath(node, active))
  // Opening a page elsewhere (tabs, search, links) unfolds the groups above it.
  const [seenActive, setSeenActive] = useState(active)
  if (seenActive !== active) {
    setSeenActive(active)
    if (!open && containsPath(node, active)) setOpen(true)
  }
  const target = menuTarget(node)
  const isActive = !hasChildren && target === active
  return (
    <>
      <button
        type="button"
        className={mergeClasses(styles.item, isActive && styles.active)}
        style={{ paddingLeft: 18 + depth * 16 }}
        aria-expanded={hasChildren ? open : undefined}
        aria-current={isActive ? 'page' : undefined}
        onClick={() => (hasChildren ? setOpen(!open) : target && navigate(target))}
      >
        <span className={styles.icon}>{menuIcon(node, depth)}</span>
        <span className={styles.label}>{menuLabel(node, language)}</span>
        {hasChildren ? open ? <ChevronDown16Regular /> : <ChevronRight16Regular /> : null}
      </button>
      {hasChildren && open
        ? node.children!.map((child) => (
            <MenuBranch key={child.id} node={child} depth={depth + 1} active={active} />
          ))
        : null}
    </>
  )
}

/** A flyout of a group's items, for the collapsed sidebar. */
function FlyoutItems({ nodes }: { nodes: MenuNode[] }) {
  const navigate = useNavigate()
  const language = useLanguage((s) => s.language)
  return (
    <>
      {nodes.map((node) =>
        node.children && node.children.length > 0 ? (
          <Menu key={node.id}>
            <MenuTrigger disableButtonEnhancement>
              <MenuItem>{menuLabel(node, language)}</MenuItem>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <FlyoutItems nodes={node.children} />
              </MenuList>
            </MenuPopover>
          </Menu>
        ) : (
          <MenuItem key={node.id} onClick={() => menuTarget(node) && navigate(menuTarget(node)!)}>
            {menuLabel(node, language)}
          </MenuItem>
        ),
      )}
    </>
  )
}

function CollapsedItem({ node, active }: { node: MenuNode; active: string }) {
  const styles = useStyles()
  const label = menuLabel(
    node,
    useLanguage((s) => s.language),
  )
  const navigate = useNavigate()
  const isActive = containsPath(node, active)
  const className = mergeClasses(styles.item, styles.collapsedItem, isActive && styles.active)
  if (!node.children || node.children.length === 0) {
    return (
      <Tooltip content={label} relationship="label" positioning="after">
        <button
          type="button"
          className={className}
          onClick={() => menuTarget(node) && navigate(menuTarget(node)!)}
        >
          {menuIcon(node, 0)}
        </button>
      </Tooltip>
    )
  }
  return (
    <Menu positioning="after-top" hoverDelay={200}>
      <MenuTrigger disableButtonEnhancement>
        <button type="button" className={className} aria-label={label} title={label}>
          {menuIcon(node, 0)}
        </button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <FlyoutItems nodes={node.children} />
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

/** The left menu tree (spec 2.3), or a tip when the user has no menu. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const t = useT()
  const styles = useStyles()
  const { pathname } = useLocation()
  const menu = useMenu((s) => s.menu)
  const onlyWorkbench = useSettings((s) => s.workbenchOnly)
  const roles = userRoles(useSession((s) => s.state?.user?.roleName))
  const visible = filterByRoles(onlyWorkbench ? workbenchOnly(menu) : menu, roles)
  return (
    <nav className={styles.root} style={{ width: collapsed ? 64 : 232 }} aria-label={t('nav.home')}>
      <div className={styles.logo}>
        <Beaker24Regular style={{ flexShrink: 0 }} />
        {collapsed ? null : <span>{t('app.title')}</span>}
      </div>
      <div className={styles.scroll}>
        {visible.length === 0 ? (
          collapsed ? null : (
            <div className={styles.empty}>{t('nav.menuEmpty')}</div>
          )
        ) : collapsed ? (
          visible.map((node) => <CollapsedItem key={node.id} node={node} active={pathname} />)
        ) : (
          visible.map((node) => <MenuBranch key={node.id} node={node} depth={0} active={pathname} />)
        )}
      </div>
    </nav>
  )
}
