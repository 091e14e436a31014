import { protocol } from 'electron'
import { APP_SCHEME } from '../window/app-scheme'
import { appSchemeResponse } from '../window/app-scheme-response'

/** Before `app.whenReady()`: app:// behaves like https (origin, secure context, fetch). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

/** After ready: app://lab/… answers from the renderer build (default session: the app window's). */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appSchemeResponse(rendererDir, request.url))
}
