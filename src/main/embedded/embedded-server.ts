import type { ElectronHost, HostChildProcess } from '../host/electron-host'

export interface EmbeddedServer {
  url: string
  /** Set on the very first start only: the generated password of `admin` (tenant 000000). */
  adminPassword?: string
  /** Asks the server to close its database and exit; resolves when it has. */
  stop(): Promise<void>
}

/**
 * Starts the built embedded server (`out/main/server.js`) in a utilityProcess with its database in
 * the user-data folder, and resolves when it posts `{type: 'ready', url}` on its parent port.
 */
export function startEmbeddedServer(
  host: Pick<ElectronHost, 'forkUtility' | 'userDataDir'>,
  modulePath: string,
): Promise<EmbeddedServer> {
  const child: HostChildProcess = host.forkUtility(modulePath, { LAB_DATA_DIR: host.userDataDir })
  let exited = false
  const exit = new Promise<number>((resolve) =>
    child.on('exit', (code: number) => {
      exited = true
      resolve(code)
    }),
  )
  const stop = async () => {
    if (exited) return
    child.postMessage({ type: 'stop' })
    await exit
  }
  return new Promise((resolve, reject) => {
    let ready = false
    child.on('message', (message: unknown) => {
      if (ready || !isReady(message)) return
      ready = true
      resolve({ url: message.url, adminPassword: message.adminPassword, stop })
    })
    void exit.then((code) => {
      if (!ready) reject(new Error(`内置服务器启动失败 (退出码 ${code})`))
    })
  })
}

function isReady(m: unknown): m is { type: 'ready'; url: string; adminPassword?: string } {
  if (typeof m !== 'object' || m === null) return false
  const r = m as Record<string, unknown>
  return (
    r.type === 'ready' &&
    typeof r.url === 'string' &&
    (r.adminPassword === undefined || typeof r.adminPassword === 'string')
  )
}

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
