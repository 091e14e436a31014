import type sanitize from 'sanitize-html'
import { lazyRequire } from './lazy-require'
import { RICH_ATTRIBUTES, RICH_TAGS, richStyle, richUrlAllowed } from '../../shared/rich-text'

/** Elements removed with their content (the others not listed keep their text). */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'svg',
  'math',
]

const sanitizer = lazyRequire<typeof sanitize>('sanitize-html')

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TAGS],
  allowedAttributes: RICH_ATTRIBUTES,
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED,
  disallowedTagsMode: 'discard',
  // Style is checked by the shared rule below (sanitize-html's own parser would need postcss rules).
  parseStyleAttributes: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {}
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'style') {
          const style = richStyle(value)
          if (style) kept.style = style
        } else if (richUrlAllowed(tagName, name, value)) kept[name] = value
      }
      if (tagName === 'a' && kept.href) kept.rel = 'noopener noreferrer'
      if (tagName === 'a') delete kept.target
      return { tagName, attribs: kept }
    },
  },
}

/**
 * Rich HTML reduced to the allow-list of reports-portal.md 7 (sanitize-html): scripts, event
 * attributes, iframes, `javascript:` links and images from anywhere but the file route are gone.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizer()(html, OPTIONS)
}
