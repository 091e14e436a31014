import DOMPurify from 'dompurify'
import { RICH_ATTRIBUTES, RICH_TAGS, richStyle, richUrlAllowed } from '../../../shared/rich-text'

const ALLOWED_ATTR = [...new Set(Object.values(RICH_ATTRIBUTES).flat())]

let hooked = false
/** The shared allow-list's per-tag attributes, URL rules and style rule, as DOMPurify hooks. */
function installHooks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase()
    const name = data.attrName
    if (!(RICH_ATTRIBUTES[tag] ?? []).includes(name) || !richUrlAllowed(tag, name, data.attrValue)) {
      data.keepAttr = false
      return
    }
    if (name === 'style') {
      data.attrValue = richStyle(data.attrValue)
      if (!data.attrValue) data.keepAttr = false
    }
  })
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase()
    if (tag === 'a') {
      node.removeAttribute('target')
      if (node.getAttribute('href')) node.setAttribute('rel', 'noopener noreferrer')
    }
    if (tag === 'img' && !node.getAttribute('src')) node.remove()
  })
}

/**
 * Rich HTML from the server sanitised again before it is shown (DOMPurify, the same allow-list as
 * the server's sanitize-html): what a compromised server or an old row holds cannot run here.
 */
export function sanitizeForView(html: string | null | undefined): string {
  if (!html) return ''
  installHooks()
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TAGS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  })
}
