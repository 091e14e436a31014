import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { buildMenuTemplate, type AppMenuOptions } from './app-menu'

function options(patch: Partial<AppMenuOptions> = {}): AppMenuOptions {
  return {
    language: 'zh',
    isPackaged: true,
    platform: 'win32',
    appName: '实验实训管理系统',
    openLogFolder: () => undefined,
    showAbout: () => undefined,
    ...patch,
  }
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])])
}

const DEVELOPER_ROLES = ['toggleDevTools', 'reload', 'forceReload']

describe('application menu', () => {
  it.each(['win32', 'darwin', 'linux'] as const)('has no developer items in production (%s)', (platform) => {
    const items = flatten(buildMenuTemplate(options({ platform })))
    expect(items.filter((i) => DEVELOPER_ROLES.includes(i.role ?? ''))).toEqual([])
    expect(items.some((i) => /devtools|reload|开发者|重新加载/i.test(i.label ?? ''))).toBe(false)
  })

  it('keeps Reload and the developer tools in development builds', () => {
    const roles = flatten(buildMenuTemplate(options({ isPackaged: false }))).map((i) => i.role)
    expect(roles).toEqual(expect.arrayContaining(DEVELOPER_ROLES))
  })

  it('has the edit roles, no Ctrl+W close item, and 帮助 with 打开日志文件夹 and 关于', () => {
    const opened: string[] = []
    const template = buildMenuTemplate(
      options({ openLogFolder: () => opened.push('logs'), showAbout: () => opened.push('about') }),
    )
    expect(template.map((m) => m.label)).toEqual(['编辑', '视图', '窗口', '帮助'])
    const roles = flatten(template).map((i) => i.role)
    expect(roles).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'minimize']),
    )
    expect(roles).not.toContain('close')
    const help = template.at(-1)!.submenu as MenuItemConstructorOptions[]
    for (const item of help) item.click?.(undefined as never, undefined, undefined as never)
    expect(help.map((i) => i.label).filter(Boolean)).toEqual(['打开日志文件夹', '关于'])
    expect(opened).toEqual(['logs', 'about'])
  })

  it('follows the language setting and puts 关于 in the app menu on macOS', () => {
    expect(buildMenuTemplate(options({ language: 'en' })).map((m) => m.label)).toEqual([
      'Edit',
      'View',
      'Window',
      'Help',
    ])
    const mac = buildMenuTemplate(options({ platform: 'darwin' }))
    expect(mac[0]!.label).toBe('实验实训管理系统')
    expect((mac[0]!.submenu as MenuItemConstructorOptions[])[0]!.label).toBe('关于 实验实训管理系统')
  })
})
