/** The navigation guard of spec 2.4 as a pure decision. */

export const PUBLIC_PATHS = ['/login', '/lock', '/404', '/403', '/500'] as const
export const LOGIN_PATH = '/login'
export const LOCK_PATH = '/lock'

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path)
}

export interface GuardState {
  signedIn: boolean
  locked: boolean
}

/** Where to send the user instead of `path`, or null to let the navigation happen. */
export function guardRedirect(path: string, { signedIn, locked }: GuardState): string | null {
  if (signedIn) {
    if (locked) return path === LOCK_PATH ? null : LOCK_PATH
    if (path === LOGIN_PATH || path === LOCK_PATH) return '/'
    return null
  }
  if (path === LOCK_PATH) return LOGIN_PATH
  return isPublicPath(path) ? null : LOGIN_PATH
}

/** The window title after a navigation: 登录 on the login page, else `<tab label>-<app title>`. */
export function pageTitle(path: string, label: string, appTitle: string, loginTitle: string): string {
  if (path === LOGIN_PATH) return loginTitle
  return label ? `${label}-${appTitle}` : appTitle
}
