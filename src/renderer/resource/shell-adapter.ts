import { useLanguage } from '../i18n'
import { loadDict as loadShellDict, useDict, type DictItem } from '../shell/dict'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { quietGet, request } from '../shell/request'
import type { Lang } from './fields'

/**
 * What the resource page takes from the shell, in one place: calls (with the error toast), toasts,
 * the language, button permissions (the flattened `menu/buttons` map) and cached dictionaries.
 */

export { confirm, notify, quietGet, request, useDict, usePermissions }
export type { DictItem }

export const useLang = (): Lang => useLanguage((s) => s.language)

/** A dictionary's items; a failed fetch shows as no items (the select stays usable). */
export const loadDict = (code: string, biz = false): Promise<DictItem[]> =>
  loadShellDict(code, biz).catch(() => [])
