import type { Page, R } from '../../shared/api/envelope'

export type { Page, R }

export const MSG_OK = '操作成功'
export const MSG_NO_DATA = '暂无承载数据'

export function ok<T>(data: T, msg = MSG_OK): R<T> {
  if (data === null || data === undefined)
    return { code: 200, success: true, data: {} as T, msg: MSG_NO_DATA }
  return { code: 200, success: true, data, msg }
}

/** `R.status(true)`: `{code:200, success:true, data:{}, msg:"操作成功"}`. */
export function done(msg = MSG_OK): R<Record<string, never>> {
  return { code: 200, success: true, data: {}, msg }
}

export function fail(code: number, msg: string): R<Record<string, never>> {
  return { code, success: false, data: {}, msg }
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 }
}
