import { contextBridge, ipcRenderer } from 'electron'
import type { LabApi } from '@shared/ipc/api'
import type { Channel, ChannelResponse, EventName, IpcResult } from '@shared/ipc/contract'

/**
 * The bridge: `window.api` with one function per channel of the contract, nothing generic. Main
 * answers every invoke with an `IpcResult`; a failure becomes a rejected Promise with the plain
 * `CallError` object ({message, status, silent}).
 */
async function invoke<C extends Channel>(channel: C, payload?: unknown): Promise<ChannelResponse<C>> {
  const result = (await ipcRenderer.invoke(channel, payload)) as IpcResult<ChannelResponse<C>>
  if (result.ok) return result.value
  throw result.error
}

const eventNames: readonly EventName[] = [
  'session:expired',
  'session:changed',
  'export:progress',
  'updater:status',
  'app:show-about',
  'server:status',
]

const api: LabApi = {
  session: {
    state: () => invoke('session:state'),
    captcha: () => invoke('session:captcha'),
    login: (req) => invoke('session:login', req),
    logout: () => invoke('session:logout'),
    ssoConfig: () => invoke('session:sso-config'),
    ssoLogin: () => invoke('session:sso-login'),
    switch: (req) => invoke('session:switch', req),
    lock: (password) => invoke('session:lock', { password }),
    unlock: (password) => invoke('session:unlock', { password }),
    setIdleLock: (minutes) => invoke('session:idle-lock', { minutes }),
    registerGuest: (req) => invoke('session:register-guest', req),
  },
  api: {
    call: <T>(req: Parameters<LabApi['api']['call']>[0]) => invoke('api:call', req) as Promise<T>,
  },
  settings: {
    get: () => invoke('settings:get'),
    set: (patch) => invoke('settings:set', patch),
  },
  files: {
    export: (req) => invoke('files:export', req),
    importSpreadsheet: (req) => invoke('files:import-spreadsheet', req ?? {}),
    importNext: (id) => invoke('files:import-next', { id }),
    importCancel: (id) => invoke('files:import-cancel', { id }),
    uploadAvatar: (file) => invoke('files:upload-avatar', file),
    uploadFile: (file) => invoke('files:upload-file', file),
    saveImage: (req) => invoke('files:save-image', req),
    read: (req) => invoke('files:read', req),
  },
  errorLog: {
    add: (entry) => invoke('error-log:add', entry),
    list: () => invoke('error-log:list'),
    upload: () => invoke('error-log:upload'),
    clear: () => invoke('error-log:clear'),
  },
  updater: {
    status: () => invoke('updater:status'),
    check: () => invoke('updater:check'),
    install: () => invoke('updater:install'),
  },
  app: {
    about: () => invoke('app:about'),
  },
  server: {
    status: () => invoke('server:status'),
  },
  shell: {
    openExternal: (url) => invoke('shell:open-external', { url }),
  },
  backup: {
    list: () => invoke('backup:list'),
    now: () => invoke('backup:now'),
    pickFile: () => invoke('backup:pick-file'),
    restore: (req) => invoke('backup:restore', req),
    openFolder: () => invoke('backup:open-folder'),
  },
  on(event, listener) {
    if (!eventNames.includes(event)) throw new Error(`unknown event ${String(event)}`)
    const wrapped = (_e: unknown, payload: unknown) => listener(payload as never)
    ipcRenderer.on(event, wrapped)
    return () => void ipcRenderer.removeListener(event, wrapped)
  },
}

contextBridge.exposeInMainWorld('api', api)
