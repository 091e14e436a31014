import { Navigate, useLocation } from 'react-router-dom'
import { findByPath, useMenu } from '../shell/menu'
import { NotOpenPage } from '../pages/NotOpenPage'

/**
 * A path no screen is registered for: a menu item of the user's tree shows 此功能尚未开放;
 * anything else is unknown and goes to /404.
 */
export function MenuScreen() {
  const { pathname } = useLocation()
  const allMenu = useMenu((s) => s.allMenu)
  const node = findByPath(allMenu, pathname)
  if (!node) return <Navigate to="/404" replace />
  return <NotOpenPage name={node.name} />
}
