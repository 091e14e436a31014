import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components'
import type { MessageKey } from '../i18n/messages'

export const DEFAULT_COLOR = '#409EFF'

/** The 11 themes of spec 2.3 (Saber's names; 'bule' is Saber's spelling of the smart theme). */
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'star',
  'bule',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const
export type ThemeName = (typeof THEME_NAMES)[number]

export function isThemeName(name: string): name is ThemeName {
  return (THEME_NAMES as readonly string[]).includes(name)
}

export function themeLabelKey(name: ThemeName): MessageKey {
  return `theme.${name}` as MessageKey
}

/** The shell's chrome colours: what sets one theme apart from another. */
export interface Chrome {
  dark: boolean
  sidebarBg: string
  sidebarFg: string
  sidebarActiveBg: string
  sidebarActiveFg: string
  logoBg: string
  logoFg: string
  headerBg: string
  headerFg: string
  contentBg: string
  tabsBg: string
}

type ChromeRecipe = (brand: string) => Chrome

const light =
  (over: Partial<Chrome>): ChromeRecipe =>
  (brand) => ({
    dark: false,
    sidebarBg: '#20222a',
    sidebarFg: 'rgba(255,255,255,0.78)',
    sidebarActiveBg: brand,
    sidebarActiveFg: '#ffffff',
    logoBg: '#20222a',
    logoFg: '#ffffff',
    headerBg: '#ffffff',
    headerFg: '#303133',
    contentBg: '#f0f2f5',
    tabsBg: '#ffffff',
    ...over,
  })

const recipes: Record<ThemeName, ChromeRecipe> = {
  default: light({}),
  white: (brand) =>
    light({
      sidebarBg: '#ffffff',
      sidebarFg: '#303133',
      sidebarActiveBg: mix(brand, '#ffffff', 0.88),
      sidebarActiveFg: brand,
      logoBg: '#ffffff',
      logoFg: '#303133',
    })(brand),
  dark: (brand) => ({
    dark: true,
    sidebarBg: '#141414',
    sidebarFg: 'rgba(255,255,255,0.72)',
    sidebarActiveBg: brand,
    sidebarActiveFg: '#ffffff',
    logoBg: '#141414',
    logoFg: '#ffffff',
    headerBg: '#1f1f1f',
    headerFg: '#e5e5e5',
    contentBg: '#0f0f0f',
    tabsBg: '#1a1a1a',
  }),
  star: light({
    sidebarBg: 'linear-gradient(180deg, #0b1033 0%, #1b2a6b 60%, #2c1b5a 100%)',
    sidebarActiveBg: 'rgba(255,255,255,0.16)',
    logoBg: '#0b1033',
    headerBg: '#0b1033',
    headerFg: '#e8ecff',
  }),
  bule: light({
    sidebarBg: 'linear-gradient(180deg, #1e3c72 0%, #2a5298 100%)',
    sidebarActiveBg: 'rgba(255,255,255,0.2)',
    logoBg: '#1e3c72',
  }),
  iview: light({ sidebarBg: '#191a23', logoBg: '#191a23' }),
  vip: light({
    sidebarBg: '#1a1a1a',
    sidebarFg: '#d9c08a',
    sidebarActiveBg: '#3a3020',
    sidebarActiveFg: '#f4d58d',
    logoBg: '#111111',
    logoFg: '#f4d58d',
    headerBg: '#111111',
    headerFg: '#f4d58d',
  }),
  cool: light({
    sidebarBg: 'linear-gradient(180deg, #6a11cb 0%, #2575fc 100%)',
    sidebarFg: 'rgba(255,255,255,0.85)',
    sidebarActiveBg: 'rgba(255,255,255,0.22)',
    logoBg: '#6a11cb',
  }),
  d2: (brand) =>
    light({
      sidebarBg: '#ebf1f6',
      sidebarFg: '#2f3a4a',
      sidebarActiveBg: '#ffffff',
      sidebarActiveFg: brand,
      logoBg: '#ebf1f6',
      logoFg: '#2f3a4a',
      headerBg: '#ebf1f6',
      contentBg: '#f7f9fb',
    })(brand),
  hey: (brand) =>
    light({
      sidebarBg: '#ffffff',
      sidebarFg: '#303133',
      sidebarActiveBg: brand,
      sidebarActiveFg: '#ffffff',
      logoBg: brand,
      logoFg: '#ffffff',
      headerBg: brand,
      headerFg: '#ffffff',
    })(brand),
  lte: (brand) =>
    light({
      sidebarBg: '#222d32',
      sidebarFg: '#b8c7ce',
      sidebarActiveBg: '#1e282c',
      sidebarActiveFg: '#ffffff',
      logoBg: mix(brand, '#000000', 0.15),
      headerBg: brand,
      headerFg: '#ffffff',
    })(brand),
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`
}

/** `a` moved toward `b` by `amount` (0..1). */
export function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a)
  const y = parseHex(b)
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * amount) as [number, number, number])
}

/** A Fluent brand ramp (10 darkest … 160 lightest) centred on the chosen colour at 80. */
export function brandRamp(color: string): BrandVariants {
  const ramp = {} as Record<number, string>
  for (let step = 10; step <= 160; step += 10) {
    ramp[step] =
      step < 80
        ? mix(color, '#000000', ((80 - step) / 70) * 0.75)
        : mix(color, '#ffffff', ((step - 80) / 80) * 0.9)
  }
  return ramp as unknown as BrandVariants
}

export function buildTheme(name: ThemeName, color: string): { theme: Theme; chrome: Chrome } {
  const chrome = recipes[name](color)
  const ramp = brandRamp(color)
  const theme = chrome.dark ? createDarkTheme(ramp) : createLightTheme(ramp)
  if (chrome.dark) {
    // Dark themes read the brand from lighter steps; keep the chosen colour for filled buttons.
    theme.colorBrandForeground1 = ramp[110]
    theme.colorBrandForegroundLink = ramp[110]
  }
  return { theme, chrome }
}

/** A thumbnail of each theme for the picker. */
export function themePreview(name: ThemeName, color: string): Chrome {
  return recipes[name](color)
}
