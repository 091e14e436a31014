import type { ErrorLogEntry, Settings, SettingsPatch } from '@shared/ipc/contract'
import type { ElectronHost, HostStore } from '../host/electron-host'

export interface WindowBounds {
  x: number
  y: number
  width: number
  height: number
  /** The window was maximized (the bounds are its normal, un-maximized ones). */
  maximized?: boolean
}

export interface SettingsData extends Record<string, unknown> {
  serverUrl: string
  theme: string
  color: string
  language: 'zh' | 'en'
  tabs: Settings['tabs']
  windowBounds: WindowBounds | null
  errorLog: ErrorLogEntry[]
}

export const DEFAULT_SETTINGS: SettingsData = {
  serverUrl: '',
  theme: 'default',
  color: '#409EFF',
  language: 'zh',
  tabs: [],
  windowBounds: null,
  errorLog: [],
}

const RENDERER_KEYS = ['serverUrl', 'theme', 'color', 'language', 'tabs'] as const

/** The app's settings in electron-store (`settings.json` in the user-data folder). */
export class SettingsStore {
  private readonly store: HostStore<SettingsData>
  private readonly appliedListeners = new Set<(settings: Settings) => void>()

  constructor(host: Pick<ElectronHost, 'createStore'>) {
    this.store = host.createStore<SettingsData>({ name: 'settings', defaults: DEFAULT_SETTINGS })
  }

  get<K extends keyof SettingsData>(key: K): SettingsData[K] {
    return this.store.get(key) ?? DEFAULT_SETTINGS[key]
  }

  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void {
    this.store.set(key, value)
  }

  /** What the renderer may read (no window bounds, no error log). */
  forRenderer(): Settings {
    return {
      serverUrl: this.get('serverUrl'),
      theme: this.get('theme'),
      color: this.get('color'),
      language: this.get('language'),
      tabs: this.get('tabs'),
    }
  }

  apply(patch: SettingsPatch): Settings {
    for (const key of RENDERER_KEYS) {
      const value = patch[key]
      if (value !== undefined) this.store.set(key, value as SettingsData[typeof key])
    }
    const settings = this.forRenderer()
    for (const listener of this.appliedListeners) listener(settings)
    return settings
  }

  /** Called after each change from the renderer (index.ts rebuilds the menu in the new language). */
  onApplied(listener: (settings: Settings) => void): () => void {
    this.appliedListeners.add(listener)
    return () => void this.appliedListeners.delete(listener)
  }
}
