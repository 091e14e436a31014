/**
 * The browser permissions the app's pages may have: only 全屏 in the top bar. Everything else
 * (camera, microphone, notifications, geolocation, clipboard reads, …) is refused without a prompt,
 * for requests and checks alike. Copy and paste in text fields go through the Edit menu's roles,
 * which need no permission.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen'])

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission)
}
