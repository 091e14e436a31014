import { create } from 'zustand'
import { en, zh, type MessageKey } from './messages'

export type Language = 'zh' | 'en'
export type { MessageKey }

const dictionaries = { zh, en } as const

interface LanguageState {
  language: Language
  setLanguage: (language: Language) => void
}

/** The display language; persisted by the settings store (not here, to keep this module pure). */
export const useLanguage = create<LanguageState>((set) => ({
  language: 'zh',
  setLanguage: (language) => set({ language }),
}))

export function translate(language: Language, key: MessageKey): string {
  return dictionaries[language][key]
}

/** Outside React (stores, error handlers): the string in the current language. */
export function t(key: MessageKey): string {
  return translate(useLanguage.getState().language, key)
}

/** In components: a translator that re-renders when the language changes. */
export function useT(): (key: MessageKey) => string {
  const language = useLanguage((s) => s.language)
  return (key) => translate(language, key)
}

/** A `{zh, en}` pair (resource and menu labels) in the current language. */
export function useText(): (text: { zh: string; en: string }) => string {
  const language = useLanguage((s) => s.language)
  return (text) => text[language]
}
