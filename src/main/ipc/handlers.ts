import type { AppAbout, EventName, EventPayload } from '@shared/ipc/contract'
import { exportToFile } from '../files/export'
import { saveImage } from '../files/image'
import { readFile } from '../files/read'
import { dialogTitle } from '../files/dialog-text'
import { SpreadsheetImports } from '../files/spreadsheet-import'
import { uploadAvatar, uploadFile } from '../files/upload'
import type { HostDialog } from '../host/electron-host'
import type { HttpClient } from '../http/client'
import type { Session } from '../session/session'
import type { SingleSignOn } from '../session/sso'
import type { ErrorLog } from '../settings/error-log'
import type { SettingsStore } from '../settings/settings'
import type { Updater } from '../updater'
import type { IpcRouter } from './router'

export interface HandlerDeps {
  session: Session
  sso: SingleSignOn
  http: HttpClient
  settings: SettingsStore
  errorLog: ErrorLog
  updater: Updater
  dialog: HostDialog
  openExternal(url: string): Promise<boolean>
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  about(): AppAbout
}

/** One handler per channel of the contract; each is a thin call into the module that owns the work. */
export function registerHandlers(router: IpcRouter, d: HandlerDeps): void {
  router.handle('session:state', async () => d.session.state())
  router.handle('session:captcha', () => d.session.captcha())
  router.handle('session:login', (req) => d.session.login(req))
  router.handle('session:logout', () => d.session.logout())
  router.handle('session:sso-config', async () => ({ enabled: (await d.sso.config()) !== null }))
  router.handle('session:sso-login', () => d.sso.signIn())
  router.handle('session:switch', (req) => d.session.switch(req))
  router.handle('session:lock', async ({ password }) => d.session.lock(password))
  router.handle('session:unlock', async ({ password }) => d.session.unlock(password))
  router.handle('session:idle-lock', async ({ minutes }) => d.session.setIdleLockMinutes(minutes))
  router.handle('session:register-guest', (req) => d.session.registerGuest(req))

  router.handle('api:call', (req) => d.http.call(req))

  router.handle('settings:get', async () => d.settings.forRenderer())
  router.handle('settings:set', async (patch) => d.settings.apply(patch))

  const language = () => d.settings.get('language')
  router.handle('files:export', (req) =>
    exportToFile(req, {
      dialog: d.dialog,
      http: d.http,
      language: language(),
      progress: (p) => d.emit('export:progress', p),
    }),
  )
  const imports = new SpreadsheetImports()
  router.handle('files:import-spreadsheet', ({ sheet }) =>
    imports.pick(d.dialog, dialogTitle('import', language()), sheet),
  )
  router.handle('files:import-next', ({ id }) => imports.next(id))
  router.handle('files:import-cancel', async ({ id }) => imports.cancel(id))
  router.handle('files:upload-avatar', (file) => uploadAvatar(d.http, file))
  router.handle('files:upload-file', ({ attach, ...file }) => uploadFile(d.http, file, attach))
  router.handle('files:save-image', (req) => saveImage(req, d.dialog, language()))
  router.handle('files:read', (req) => readFile(d.http, req))

  router.handle('error-log:add', async (entry) => d.errorLog.add(entry))
  router.handle('error-log:list', async () => d.errorLog.list())
  router.handle('error-log:upload', () => d.errorLog.upload())
  router.handle('error-log:clear', async () => d.errorLog.clear())

  router.handle('updater:status', async () => d.updater.current())
  router.handle('updater:check', () => d.updater.check())
  router.handle('updater:install', () => d.updater.install())
  router.handle('app:about', async () => d.about())

  router.handle('shell:open-external', ({ url }) => d.openExternal(url))
}
