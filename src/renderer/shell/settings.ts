import { create } from 'zustand'
import type { SettingsPatch } from '../../shared/ipc/api'
import { useLanguage, type Language } from '../i18n'
import { DEFAULT_COLOR, isThemeName, type ThemeName } from '../theme/themes'
import { useTabs, type Tab } from './tabs'

interface SettingsState {
  loaded: boolean
  serverUrl: string
  /** Settings machine policy pins (read-only here; main refuses to change them). */
  locked: string[]
  theme: ThemeName
  color: string
  /** 'my workbench' sidebar layout (only the workbench group). */
  workbenchOnly: boolean
  load: () => Promise<void>
  setTheme: (theme: ThemeName) => void
  setColor: (color: string) => void
  setLanguage: (language: Language) => void
  setServerUrl: (url: string) => Promise<void>
  setWorkbenchOnly: (on: boolean) => void
}

function save(patch: SettingsPatch): void {
  void window.api.settings.set(patch).catch(() => undefined)
}

/**
 * Theme, colour, language, server address and open tabs persist through `window.api.settings`
 * (electron-store in main), never in localStorage.
 */
export const useSettings = create<SettingsState>((set) => ({
  loaded: false,
  serverUrl: '',
  locked: [],
  theme: 'default',
  color: DEFAULT_COLOR,
  workbenchOnly: false,
  load: async () => {
    const settings = await window.api.settings.get().catch(() => null)
    if (settings) {
      useLanguage.getState().setLanguage(settings.language === 'en' ? 'en' : 'zh')
      useTabs.getState().hydrate(
        settings.tabs.map((tab) => ({
          label: tab.label,
          path: tab.path,
          query: tab.query ? stringQuery(tab.query) : undefined,
        })),
      )
      set({
        serverUrl: settings.serverUrl,
        locked: settings.locked,
        theme: isThemeName(settings.theme) ? settings.theme : 'default',
        color: /^#[0-9a-fA-F]{6}$/.test(settings.color) ? settings.color : DEFAULT_COLOR,
      })
    }
    set({ loaded: true })
    persistTabs()
  },
  setTheme: (theme) => {
    set({ theme })
    save({ theme })
  },
  setColor: (color) => {
    set({ color })
    save({ color })
  },
  setLanguage: (language) => {
    useLanguage.getState().setLanguage(language)
    save({ language })
  },
  setServerUrl: async (serverUrl) => {
    await window.api.settings.set({ serverUrl })
    set({ serverUrl })
  },
  setWorkbenchOnly: (workbenchOnly) => set({ workbenchOnly }),
}))

function stringQuery(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  )
}

let persisting = false

/** Saves the tab list (debounced) whenever it changes, once settings were loaded. */
function persistTabs(): void {
  if (persisting) return
  persisting = true
  let timer: ReturnType<typeof setTimeout> | undefined
  useTabs.subscribe((state, previous) => {
    if (state.tabs === previous.tabs) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      const tabs: Tab[] = state.tabs.slice(0, 50)
      save({
        tabs: tabs.map((t) => ({ label: t.label.slice(0, 100), path: t.path.slice(0, 500), query: t.query })),
      })
    }, 300)
  })
}
