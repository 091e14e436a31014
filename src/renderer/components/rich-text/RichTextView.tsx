import { makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useMemo, useRef } from 'react'
import { filePathOf } from '../server-files'
import { sanitizeForView } from './sanitize'

export const useRichTextStyles = makeStyles({
  body: {
    lineHeight: 1.8,
    wordBreak: 'break-word',
    '& img': { maxWidth: '100%' },
    '& table': { borderCollapse: 'collapse' },
    '& td, & th': { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '2px 6px' },
    '& blockquote': {
      margin: 0,
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
  },
})

/** The sanitised HTML with each server image's src moved to `data-file` (loaded as a blob: URL). */
export function viewHtml(html: string | null | undefined): string {
  const clean = sanitizeForView(html)
  if (!clean.includes('<img')) return clean
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html')
  for (const img of doc.querySelectorAll('img')) {
    const path = filePathOf(img.getAttribute('src') ?? '')
    img.removeAttribute('src')
    if (path) img.setAttribute('data-file', path)
  }
  return doc.body.innerHTML
}

/**
 * Rich text as it reads: sanitised again here (DOMPurify), images fetched by main and shown from
 * blob: URLs, links opened in the system browser.
 */
export function RichTextView({ html, className }: { html: string | null | undefined; className?: string }) {
  const s = useRichTextStyles()
  const ref = useRef<HTMLDivElement>(null)
  const markup = useMemo(() => viewHtml(html), [html])
  useEffect(() => {
    const made: string[] = []
    let live = true
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>('img[data-file]') ?? []) {
      const path = img.dataset.file!
      window.api.files
        .read({ path })
        .then((bytes) => {
          if (!live) return
          const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>]))
          made.push(url)
          img.src = url
        })
        .catch(() => img.setAttribute('alt', img.getAttribute('alt') || '图片加载失败'))
    }
    return () => {
      live = false
      made.forEach((u) => URL.revokeObjectURL(u))
    }
  }, [markup])
  return (
    <div
      ref={ref}
      data-rich-text=""
      className={className ? `${s.body} ${className}` : s.body}
      onClick={(e) => {
        const a = (e.target as HTMLElement).closest('a[href]')
        if (!a) return
        e.preventDefault()
        void window.api.shell.openExternal(a.getAttribute('href')!)
      }}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  )
}
