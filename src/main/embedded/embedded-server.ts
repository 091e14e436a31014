import type { ElectronHost } from '../host/electron-host'
import { messageText, type Language } from '../i18n/message-text'

/** Shows the first-run administrator password once; it is not stored anywhere by the client. */
export async function showFirstRunPassword(
  host: Pick<ElectronHost, 'dialog'>,
  password: string,
  language?: Language,
): Promise<void> {
  const text = messageText(language)
  await host.dialog.showMessageBox({
    type: 'info',
    title: text.firstRunTitle,
    message: text.firstRunMessage,
    detail: text.firstRunDetail(password),
    buttons: [text.firstRunDone],
  })
}
