import { create } from 'zustand'
import type { LoginRequest, SessionState } from '../../shared/ipc/api'
import { clearDictCache } from './dict'
import { useMenu } from './menu'
import { usePermissionStore } from './permission'
import { useTabs } from './tabs'

/** Router state of /login after a sign-out: with single sign-on, the sign-on window opens again. */
export const SIGNED_OUT = { signedOut: true } as const

interface SessionStore {
  state: SessionState | null
  /** True once the first `session.state()` answered. */
  ready: boolean
  refresh: () => Promise<void>
  apply: (state: SessionState) => void
  signIn: (req: LoginRequest) => Promise<void>
  /** Sign-in through the server's single sign-on window (main exchanges the code). */
  signInBySso: () => Promise<void>
  /** Calls the server's logout and clears menu, permissions, tabs and caches. */
  signOut: () => Promise<void>
  /** After a 401 elsewhere: main has already signed out; just clear local state. */
  expire: () => void
  lock: (password: string) => Promise<void>
  unlock: (password: string) => Promise<boolean>
  /** Minutes without input before main locks the screen (0 = never). */
  setIdleLock: (minutes: number) => Promise<void>
}

function clearLocal(): void {
  useMenu.getState().reset()
  usePermissionStore.getState().reset()
  useTabs.getState().closeAll()
  clearDictCache()
}

/** A fresh sign-in starts with the home tab alone (Saber DEL_ALL_TAG on login). */
function startFresh(state: SessionState): SessionState {
  useTabs.getState().closeAll()
  return state
}

async function loadUserData(): Promise<void> {
  await Promise.all([useMenu.getState().load(), usePermissionStore.getState().load()])
}

export const useSession = create<SessionStore>((set, get) => ({
  state: null,
  ready: false,
  refresh: async () => {
    const state = await window.api.session.state()
    set({ state, ready: true })
    // While locked main serves nothing else: the menu loads after unlocking.
    if (state.signedIn && !state.locked && !useMenu.getState().loaded) await loadUserData()
  },
  apply: (state) => {
    const wasSignedIn = get().state?.signedIn
    set({ state, ready: true })
    if (wasSignedIn && !state.signedIn) clearLocal()
  },
  setIdleLock: async (minutes) => {
    set({ state: await window.api.session.setIdleLock(minutes) })
  },
  signIn: async (req) => {
    const state = await window.api.session.login(req)
    set({ state: startFresh(state), ready: true })
    await loadUserData()
  },
  signInBySso: async () => {
    const state = await window.api.session.ssoLogin()
    set({ state: startFresh(state), ready: true })
    await loadUserData()
  },
  signOut: async () => {
    await window.api.session.logout().catch(() => undefined)
    clearLocal()
    const previous = get().state
    set({ state: previous ? { ...previous, signedIn: false, user: null, locked: false } : null })
  },
  expire: () => {
    clearLocal()
    const previous = get().state
    set({ state: previous ? { ...previous, signedIn: false, user: null, locked: false } : null })
  },
  lock: async (password) => {
    await window.api.session.lock(password)
    const previous = get().state
    if (previous) set({ state: { ...previous, locked: true } })
  },
  unlock: async (password) => {
    const ok = await window.api.session.unlock(password)
    const previous = get().state
    if (ok && previous) set({ state: { ...previous, locked: false } })
    if (ok && !useMenu.getState().loaded) await loadUserData()
    return ok
  },
}))

export function useUser() {
  return useSession((s) => s.state?.user ?? null)
}

/** Role aliases of the signed-in user (a role name list may be comma-joined). */
export function userRoles(roleName: string | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
}

/** True while main cannot reach the server (the shell shows a banner; nothing is signed out). */
export function useOffline(): boolean {
  return useSession((s) => s.state?.offline === true)
}
