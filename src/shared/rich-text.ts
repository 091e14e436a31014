/**
 * The allow-list of rich text (notices, articles; reports-portal.md 7) as plain data. Two sanitisers
 * apply it: `sanitize-html` on the server before every write (`src/server/core/rich-text.ts`) and
 * DOMPurify in the renderer before anything is shown (`src/renderer/components/rich-text/sanitize.ts`).
 */

export const RICH_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
] as const

/** Attributes per tag (`style` is further limited to RICH_STYLES). */
export const RICH_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  td: ['colspan', 'rowspan', 'style'],
  th: ['colspan', 'rowspan', 'style'],
  span: ['style'],
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
}

/** The style properties kept, each value matching this pattern (no url(), no expression()). */
export const RICH_STYLES = ['color', 'background-color', 'text-align'] as const
export const RICH_STYLE_VALUE = /^(?!.*(url|expression))[#a-zA-Z0-9(),.\s%-]{1,40}$/i

/** Links: http(s) only. */
export const RICH_LINK = /^https?:\/\/[^\s"'<>]+$/i

/** Uploaded files on the server's file route (absolute or relative). */
export const FILE_ROUTE_PATH =
  /^(https?:\/\/[^/\s"'<>]+)?\/api\/blade-resource\/oss\/file\/upload\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/

/** Whether an attribute value may stay: links http(s), images only from the server's file route. */
export function richUrlAllowed(tag: string, attribute: string, value: string): boolean {
  if (tag === 'a' && attribute === 'href') return RICH_LINK.test(value.trim())
  if (tag === 'img' && attribute === 'src') return FILE_ROUTE_PATH.test(value.trim())
  return true
}

/** A style attribute reduced to the allowed properties with safe values ('' when nothing is left). */
export function richStyle(style: string): string {
  const kept: string[] = []
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':')
    if (i < 0) continue
    const prop = decl.slice(0, i).trim().toLowerCase()
    const value = decl.slice(i + 1).trim()
    if ((RICH_STYLES as readonly string[]).includes(prop) && RICH_STYLE_VALUE.test(value))
      kept.push(`${prop}: ${value}`)
  }
  return kept.join('; ')
}

/** The text of (already sanitised) rich HTML: tags removed, whitespace folded. */
export function htmlText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
