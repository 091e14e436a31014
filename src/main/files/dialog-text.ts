import { messageText, type Language, type MessageText } from '../i18n/message-text'

export type DialogKind = keyof MessageText['dialogTitles']

/** The title of one of main's file dialogs in the UI language (settings `language`). */
export function dialogTitle(kind: DialogKind, language: Language): string {
  return messageText(language).dialogTitles[kind]
}

/**
 * `实验项目.xlsx` → `实验项目-20261207.xlsx` (the local date); a name that already carries a date
 * (20261207, 2026-12-07, 2026_12_07) is kept as it is.
 */
export function datedFileName(name: string, now = new Date()): string {
  if (/(^|\D)20\d\d[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])(\D|$)/.test(name)) return name
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)}-${day}${name.slice(dot)}` : `${name}-${day}`
}
