import type { InvokeEvent } from '../host/electron-host'
import { sameOrigin } from '../window/app-scheme'

/**
 * Decides whether an IPC message comes from our own page: the main frame (not an iframe) of one of
 * our windows, showing our app URL. `appUrl` is the renderer entry (`app://lab/index.html` in Electron,
 * `file:///…/index.html` in the end-to-end harness, the dev server's URL in development); hash routes and query strings are ignored.
 */
export function createSenderCheck(appUrl: string, isOurWebContents: (id: number) => boolean) {
  const expected = withoutFragment(appUrl)
  const expectedUrl = new URL(appUrl)
  return (event: InvokeEvent): boolean => {
    const frame = event.senderFrame
    if (!frame || frame.parent !== null) return false
    if (!isOurWebContents(event.sender.id)) return false
    let url: URL
    try {
      url = new URL(frame.url)
    } catch {
      return false
    }
    // file: URLs have the opaque origin "null": compare the whole document URL instead.
    if (url.protocol === 'file:') return withoutFragment(frame.url) === expected
    return sameOrigin(url, expectedUrl)
  }
}

function withoutFragment(u: string): string {
  const url = new URL(u)
  url.hash = ''
  url.search = ''
  return url.href
}
