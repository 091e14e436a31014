import { readFile } from 'node:fs/promises'
import { mimeTypeOf, resolveAppFile } from './app-scheme'
import { CONTENT_SECURITY_POLICY } from './security'

/**
 * The answer to an `app://lab/…` request (protocol.handle in index.ts): the file of the renderer
 * build with its type, the CSP header on documents, 404 for anything else.
 */
export async function appSchemeResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  const file = resolveAppFile(rendererDir, requestUrl)
  if (file) {
    try {
      const body = await readFile(file)
      const type = mimeTypeOf(file)
      const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
      if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY
      return new Response(body, { status: 200, headers })
    } catch {
      // A folder or a missing file: 404 below.
    }
  }
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
