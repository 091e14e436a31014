import { z } from 'zod'
import { answer, GET } from './endpoint'
import { BladeQuery, Id } from './common'

/**
 * What the signed-in shell reads before any screen: the menu tree, top menus, button codes,
 * dictionaries, the tenant of a domain and the department/role choices of the switch dialog
 * (contract sections 5.1–5.4).
 */

/** A node of the menu tree (contract 5.1). */
export interface MenuNode {
  id: string
  parentId?: string
  code?: string
  name: string
  alias?: string
  path?: string
  source?: string
  sort?: number
  children?: MenuNode[]
  /** Not sent by BladeX 2.9; honoured when present (`isTab: false` = no tab, `i18n`). */
  meta?: { isTab?: boolean; isAuth?: boolean; i18n?: string; [key: string]: unknown }
  /** Roles allowed to see the item; none = everyone. */
  roles?: string[] | string
}

/** A top menu (contract 5.3). */
export interface TopMenu {
  id: string
  code?: string
  name: string
  source?: string
  sort?: number
}

/** A node of the button tree (contract 5.2): the leaves' codes are the permissions. */
export interface ButtonNode {
  code?: string
  children?: ButtonNode[]
}

/** A dictionary item (contract 5.4); keys may arrive as numbers. */
export interface DictItem {
  dictKey: string
  dictValue: string
  id?: string
  parentId?: string
  code?: string
  sort?: number
  remark?: string
}

/** A department or role the signed-in user may switch to. */
export interface SwitchOption {
  id: string
  deptName?: string
  roleName?: string
}

const DictQuery = z.object({ code: z.string({ error: '缺少参数 code' }).min(1, '缺少参数 code') }).loose()
const UserQuery = z.object({ userId: Id('用户编号不正确').optional() }).loose()

export const shellApi = {
  routes: GET('/api/blade-system/menu/routes', {
    query: z.object({ topMenuId: z.string().optional() }).loose(),
    answer: answer<MenuNode[]>(),
  }),
  buttons: GET('/api/blade-system/menu/buttons', { answer: answer<ButtonNode[]>() }),
  topMenus: GET('/api/blade-system/menu/top-menu', { answer: answer<TopMenu[]>() }),
  dictionary: GET('/api/blade-system/dict/dictionary', { query: DictQuery, answer: answer<DictItem[]>() }),
  bizDictionary: GET('/api/blade-system/dict-biz/dictionary', {
    query: DictQuery,
    answer: answer<DictItem[]>(),
  }),
  /** The tenant a server address (domain) belongs to, for the sign-in form. */
  tenantInfo: GET('/api/blade-system/tenant/info', {
    query: BladeQuery,
    answer: answer<{ tenantId?: string; tenantName?: string } | null>(),
  }),
  deptSelect: GET('/api/blade-system/dept/select', { query: UserQuery, answer: answer<SwitchOption[]>() }),
  roleSelect: GET('/api/blade-system/role/select', { query: UserQuery, answer: answer<SwitchOption[]>() }),
}
