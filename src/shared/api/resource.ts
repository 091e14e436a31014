import type { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { AnyBody, BladeQuery, IdQuery, IdsQuery } from './common'
import type { Page } from './envelope'
import type { FieldDef, ResourceDef } from '../resource/types'

/** A field's value on the wire: numbers for `int`, numbers or decimal strings for `decimal`, else text. */
type ValueOf<F extends FieldDef> = F['type'] extends 'int'
  ? number
  : F['type'] extends 'decimal'
    ? number | string
    : string

/** The columns every row carries besides its fields (BladeX BaseEntity). */
export interface RowBase {
  id: string
  tenantId?: string
  createUser?: string | null
  createDept?: string | null
  createTime?: string | null
  updateUser?: string | null
  updateTime?: string | null
  status?: number
  isDeleted?: number
}

/** A row of a resource as the wire carries it, typed from its definition's fields. */
export type RowOf<D extends ResourceDef> = RowBase & {
  [F in D['fields'][number] as F['name']]: ValueOf<F> | null
}

/** What a form submits: the fields (all optional on the wire; the server's schema decides), and `id` to edit. */
export type SubmitOf<D extends ResourceDef> = { id?: string } & {
  [F in D['fields'][number] as F['name']]?: ValueOf<F> | null
}

/**
 * The standard endpoints of a resource (architecture 4), typed by its definition: page, list (a page,
 * or the whole tree), detail, submit and remove under the definition's `basePath`.
 */
export function resourceEndpoints<D extends ResourceDef>(def: D) {
  type Row = RowOf<D>
  const base = def.basePath
  return {
    page: GET(`${base}/page`, { query: BladeQuery, answer: answer<Page<Row>>() }),
    list: GET(`${base}/list`, { query: BladeQuery, answer: answer<Page<Row> | Row[]>() }),
    detail: GET(`${base}/detail`, { query: IdQuery, answer: answer<Row>() }),
    // The definition's own schema checks a submit on the server (`entitySchema`); the type is the form's.
    submit: POST(`${base}/submit`, {
      body: AnyBody as unknown as z.ZodType<SubmitOf<D>, SubmitOf<D>>,
      answer: answer<{ id?: string }>(),
    }),
    remove: POST(`${base}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  }
}
