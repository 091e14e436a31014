/** The BladeX `R<T>` envelope every JSON answer travels in (contract 3). */
export interface R<T = unknown> {
  code: number
  success: boolean
  data: T
  msg: string
}

/** A BladeX page (`IPage`): the records of one page and the counts. */
export interface Page<T> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
}
