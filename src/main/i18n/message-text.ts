/** The texts of main's own dialogs and message boxes, in the UI language (settings `language`). */
export type Language = 'zh' | 'en'

const TEXT = {
  zh: {
    dialogTitles: { export: '导出', import: '导入', saveImage: '保存图片', restoreBackup: '选择备份文件' },
    backupFiles: '备份文件',
    appTitle: '实验实训管理系统',
    pageGone: '页面意外停止运行',
    pageGoneDetail: (reason: string, code: number) =>
      `原因: ${reason}(退出码 ${code})\n重新加载后可继续使用,未保存的输入会丢失。`,
    reload: '重新加载',
    close: '关闭',
    externalTitle: '打开外部链接',
    externalMessage: '是否在浏览器中打开以下链接?',
    open: '打开',
    cancel: '取消',
    firstRunTitle: '首次启动',
    firstRunMessage: '内置服务器已创建管理员账号',
    firstRunDetail: (password: string) =>
      `租户ID: 000000\n账号: admin\n初始密码: ${password}\n\n请记下该密码,它只显示这一次。登录后请在个人信息中修改密码。`,
    firstRunDone: '我已记下',
  },
  en: {
    dialogTitles: {
      export: 'Export',
      import: 'Import',
      saveImage: 'Save image',
      restoreBackup: 'Restore from a backup file',
    },
    backupFiles: 'Backup',
    appTitle: 'Lab Management',
    pageGone: 'The page stopped unexpectedly',
    pageGoneDetail: (reason: string, code: number) =>
      `Reason: ${reason} (exit code ${code})\nReload to carry on; unsaved input is lost.`,
    reload: 'Reload',
    close: 'Close',
    externalTitle: 'Open external link',
    externalMessage: 'Open this link in your browser?',
    open: 'Open',
    cancel: 'Cancel',
    firstRunTitle: 'First start',
    firstRunMessage: 'The embedded server created an administrator account',
    firstRunDetail: (password: string) =>
      `Tenant ID: 000000\nAccount: admin\nInitial password: ${password}\n\nWrite the password down: it is shown only this once. Change it under 个人信息 (profile) after signing in.`,
    firstRunDone: 'I have noted it',
  },
} as const

export type MessageText = (typeof TEXT)[Language]

export function messageText(language: Language | undefined): MessageText {
  return TEXT[language ?? 'zh'] ?? TEXT.zh
}
