import type { MenuItemConstructorOptions } from 'electron'

export interface AppMenuOptions {
  language: 'zh' | 'en'
  /** Development builds keep Reload and the developer tools. */
  isPackaged: boolean
  platform: NodeJS.Platform
  appName: string
  openLogFolder(): void
  showAbout(): void
}

const LABELS = {
  zh: {
    edit: '编辑',
    view: '视图',
    window: '窗口',
    help: '帮助',
    openLogs: '打开日志文件夹',
    about: '关于',
    quit: '退出',
  },
  en: {
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    openLogs: 'Open Log Folder',
    about: 'About',
    quit: 'Quit',
  },
} as const

/**
 * The application menu. Edit's roles make copy, paste and undo work in text fields (macOS has no
 * other way); Window has no Close item, so Ctrl+W reaches the page, which closes the current tab.
 * Roles get their labels from the OS language; ours follow the app's language setting.
 */
export function buildMenuTemplate(o: AppMenuOptions): MenuItemConstructorOptions[] {
  const t = LABELS[o.language]
  const mac = o.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (mac)
    template.push({
      label: o.appName,
      submenu: [
        { label: `${t.about} ${o.appName}`, click: o.showAbout },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', label: t.quit },
      ],
    })
  template.push({
    label: t.edit,
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  })
  template.push({
    label: t.view,
    submenu: [
      ...(o.isPackaged
        ? []
        : ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] satisfies MenuItemConstructorOptions[])),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  })
  template.push({
    label: t.window,
    submenu: [
      { role: 'minimize' },
      { role: 'zoom' },
      ...(mac ? [] : [{ role: 'quit' as const, label: t.quit }]),
    ],
  })
  template.push({
    label: t.help,
    role: 'help',
    submenu: [
      { label: t.openLogs, click: o.openLogFolder },
      { type: 'separator' },
      { label: t.about, click: o.showAbout },
    ],
  })
  return template
}
