import type { Channel } from '@shared/ipc/contract'
import type { HostIpc } from '../host/electron-host'

export const SCREEN_LOCKED = '屏幕已锁定'

/** What the renderer may still ask while the screen is locked. */
export const SERVED_WHILE_LOCKED: ReadonlySet<Channel> = new Set<Channel>([
  'session:state',
  'session:unlock',
  'session:logout',
  'settings:get',
  'error-log:add',
])

/**
 * main's IPC with the screen lock in front: while `isLocked()`, every channel but the few above is
 * refused (423 屏幕已锁定) before its handler runs, so a renderer that skips the lock screen, or a
 * restart, gets nothing from the server or the disk.
 */
export function lockGatedIpc(ipc: HostIpc, isLocked: () => boolean): HostIpc {
  return {
    handle(channel, listener) {
      if (SERVED_WHILE_LOCKED.has(channel as Channel)) return ipc.handle(channel, listener)
      ipc.handle(channel, async (event, payload) => {
        if (isLocked()) return { ok: false, error: { message: SCREEN_LOCKED, status: 423, silent: false } }
        return listener(event, payload)
      })
    },
    removeHandler: (channel) => ipc.removeHandler(channel),
  }
}
