import type { ErrorLogEntry, Settings, SettingsPatch } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { ElectronHost, HostStore } from '../host/electron-host'
import type { Policy } from '../policy/keys'

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

export const LOCKED_BY_POLICY = '该设置由管理员通过策略统一配置，不能修改'

/**
 * The app's settings in electron-store (`settings.json` in the user-data folder). A setting that machine
 * policy pins reads as the policy's value and cannot be changed.
 */
export class SettingsStore {
  private readonly store: HostStore<SettingsData>
  private readonly appliedListeners = new Set<(settings: Settings) => void>()
  private readonly pinned: Partial<SettingsData>

  constructor(host: Pick<ElectronHost, 'createStore'>, policy: Policy = {}) {
    this.store = host.createStore<SettingsData>({ name: 'settings', defaults: DEFAULT_SETTINGS })
    this.pinned = policy.ServerUrl ? { serverUrl: policy.ServerUrl } : {}
  }

  get<K extends keyof SettingsData>(key: K): SettingsData[K] {
    const pinned = this.pinned[key]
    if (pinned !== undefined) return pinned as SettingsData[K]
    return this.store.get(key) ?? DEFAULT_SETTINGS[key]
  }

  /** The renderer keys machine policy pins. */
  locked(): string[] {
    return Object.keys(this.pinned)
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
      locked: this.locked(),
    }
  }

  /** Applies the renderer's patch; one touching a pinned setting is refused as a whole. */
  apply(patch: SettingsPatch): Settings {
    if (RENDERER_KEYS.some((key) => patch[key] !== undefined && key in this.pinned))
      throw new CallFailure(LOCKED_BY_POLICY, 403)
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
