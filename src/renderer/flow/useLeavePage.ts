import { useLocation, useNavigate } from 'react-router-dom'
import { useTabs } from '../shell/tabs'

/**
 * Goes on from a finished process page (submitted, approved): its tab is closed so a kept-alive copy
 * does not linger with a task that is done.
 */
export function useLeavePage(): (to: string) => void {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (to) => {
    useTabs.getState().close(pathname)
    navigate(to)
  }
}
