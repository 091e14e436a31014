import { extname, relative, resolve, sep } from 'node:path'

/**
 * The renderer is served from `app://lab/…` (registered as a standard, secure scheme in index.ts)
 * instead of file://: a real origin for CSP 'self', no file-system reach from the page, and one
 * document URL whatever folder the app is installed in. This module is the pure part: which file a
 * request maps to, and its type.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'lab'
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** What the renderer build emits (vite: html, scripts, styles, fonts, images, wasm). */
const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export function mimeTypeOf(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The file under `rootDir` that `requestUrl` names, or null when the URL is not ours or its path
 * leaves the folder (`..`, encoded or not, absolute paths, NUL bytes). `/` is the entry document.
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null
  if (pathname === '/' || pathname === '') pathname = '/index.html'
  const root = resolve(rootDir)
  const file = resolve(root, `.${pathname}`)
  const inside = relative(root, file)
  if (!inside || inside.startsWith('..') || inside.split(sep).includes('..') || resolve(inside) === inside)
    return null
  return file
}

/**
 * Same scheme, host and port. Node's URL gives custom schemes the opaque origin "null", so
 * `url.origin` cannot tell `app://lab` from any other page; compare the parts instead.
 */
export function sameOrigin(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host && a.host !== ''
}
