import type { Chrome } from './themes'

/** Publishes the theme's chrome colours as CSS variables for the shell's own styles. */
export function ChromeStyle({ chrome }: { chrome: Chrome }) {
  const vars = [
    `--lab-sidebar-bg: ${chrome.sidebarBg}`,
    `--lab-sidebar-fg: ${chrome.sidebarFg}`,
    `--lab-sidebar-active-bg: ${chrome.sidebarActiveBg}`,
    `--lab-sidebar-active-fg: ${chrome.sidebarActiveFg}`,
    `--lab-logo-bg: ${chrome.logoBg}`,
    `--lab-logo-fg: ${chrome.logoFg}`,
    `--lab-header-bg: ${chrome.headerBg}`,
    `--lab-header-fg: ${chrome.headerFg}`,
    `--lab-content-bg: ${chrome.contentBg}`,
    `--lab-tabs-bg: ${chrome.tabsBg}`,
  ].join(';')
  return <style>{`:root{${vars}} body{background:${chrome.contentBg}}`}</style>
}
