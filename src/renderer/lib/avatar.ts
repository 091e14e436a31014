import type { MessageKey } from '../i18n/messages'

export const AVATAR_MAX_BYTES = 500 * 1024

/** Spec 5: an avatar is a jpg or png of at most 500kb. Returns the message key of the broken rule. */
export function avatarError(file: { name: string; type: string; size: number }): MessageKey | null {
  const typeOk = ['image/jpeg', 'image/png'].includes(file.type) || /\.(jpe?g|png)$/i.test(file.name)
  if (!typeOk) return 'info.avatarType'
  if (file.size > AVATAR_MAX_BYTES) return 'info.avatarSize'
  return null
}
