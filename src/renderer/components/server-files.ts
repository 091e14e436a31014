import { useEffect, useState } from 'react'

/**
 * The server path of an uploaded file's link (absolute or relative, query dropped), for main to read;
 * main accepts only paths of the server's API and answers anything else with an error.
 */
export function filePathOf(link: string): string | null {
  try {
    return new URL(link, 'http://server.invalid').pathname
  } catch {
    return null
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
}
const mimeOf = (path: string) =>
  MIME[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'

/**
 * A server image as a `blob:` URL (the renderer's CSP allows no server images): main reads the
 * bytes, the URL is revoked when the component goes or the link changes. Null while loading or on error.
 */
export function useServerImage(link: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    setUrl(null)
    const path = link ? filePathOf(link) : null
    if (!path) return
    let live = true
    let made: string | null = null
    window.api.files
      .read({ path })
      .then((bytes) => {
        if (!live) return
        made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeOf(path) }))
        setUrl(made)
      })
      .catch(() => undefined)
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [link])
  return url
}

/** Saves a server file (an attachment) through main's native save dialog; false when cancelled. */
export async function saveServerFile(link: string, suggestedName: string): Promise<boolean> {
  const path = filePathOf(link)
  if (!path) throw new Error('文件地址不正确')
  const result = await window.api.files.export({ method: 'GET', path, query: {}, suggestedName })
  return result.saved
}

/** Reads a picked file's bytes for an upload through main. */
export async function bytesOf(file: File): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await file.arrayBuffer())
}
