import type { ElectronHost } from '../host/electron-host'

/** Shows the first-run administrator password once; it is not stored anywhere by the client. */
export async function showFirstRunPassword(
  host: Pick<ElectronHost, 'dialog'>,
  password: string,
): Promise<void> {
  await host.dialog.showMessageBox({
    type: 'info',
    title: '首次启动',
    message: '内置服务器已创建管理员账号',
    detail: `租户ID: 000000\n账号: admin\n初始密码: ${password}\n\n请记下该密码,它只显示这一次。登录后请在个人信息中修改密码。`,
    buttons: ['我已记下'],
  })
}
