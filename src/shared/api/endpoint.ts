import type { z } from 'zod'

/**
 * The wire contract, typed end to end. An endpoint names its method and its whole path as one string
 * (greppable), the zod schemas of its query and body (the server validates with them; the renderer's
 * input types come from them) and the type of its answer, the envelope's `data`. The answer type is
 * carried at compile time only: the server's handler must return it and the renderer's `call` resolves
 * to it. (Replies are not re-validated at run time: the BladeX serializer writes dates and big ids.)
 *
 *   export const projectPage = GET('/api/teach/teachproject/page', {
 *     query: BladeQuery,
 *     answer: answer<Page<Project>>(),
 *   })
 *   route(app, projectPage, async ({ query, data }) => ok(await data.repo(teachProject).page(query)))  // server
 *   const page = await call(projectPage, { query: { current: 1, size: 10 } })                        // renderer
 */

declare const answerBrand: unique symbol
/** The answer type of an endpoint (the envelope's `data`), a compile-time marker. */
export interface Answer<T> {
  readonly [answerBrand]?: T
}
export const answer = <T>(): Answer<T> => ({})

export type Method = 'GET' | 'POST'

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D = unknown,
> {
  readonly method: Method
  /** `/api/...`; a `{name}` segment is a path parameter (`download/{id}`). */
  readonly path: string
  readonly query: Q
  readonly body: B
  readonly answer: Answer<D>
  /** The reply is a file (an export or a download), streamed, not an envelope. */
  readonly file: boolean
}

export type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, unknown>

interface Spec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D> {
  query?: Q
  body?: B
  answer?: Answer<D>
  file?: boolean
}

function endpoint<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D>(
  method: Method,
  path: string,
  spec: Spec<Q, B, D>,
): Endpoint<Q, B, D> {
  return {
    method,
    path,
    query: spec.query as Q,
    body: spec.body as B,
    answer: spec.answer ?? ({} as Answer<D>),
    file: spec.file ?? false,
  }
}

export function GET<Q extends z.ZodType | undefined = undefined, D = unknown>(
  path: string,
  spec: Spec<Q, undefined, D> = {},
): Endpoint<Q, undefined, D> {
  return endpoint('GET', path, spec)
}

export function POST<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D = unknown,
>(path: string, spec: Spec<Q, B, D> = {}): Endpoint<Q, B, D> {
  return endpoint('POST', path, spec)
}

/** What the server's handler reads: the schemas' outputs. */
export type QueryOut<E extends AnyEndpoint> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : Record<string, never>
export type BodyOut<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined
/** What a caller sends: the schemas' inputs. */
export type QueryIn<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never
export type BodyIn<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never
export type AnswerOf<E extends AnyEndpoint> = E['answer'] extends Answer<infer D> ? D : unknown

/**
 * What a server handler may give the serializer for a wire type: a `Date` wherever the wire carries
 * text (the BladeX serializer writes `yyyy-MM-dd HH:mm:ss`), so database rows answer as they are.
 */
export type Serializable<T> = T extends string
  ? string | Date
  : T extends (infer U)[]
    ? Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T

/** The path parameters of a `{name}` path, by name. */
export type PathParams = Record<string, string | number>

/** A caller's input: `query` and `body` where the endpoint has them, `params` for `{name}` paths. */
export type CallInput<E extends AnyEndpoint> = (E['query'] extends z.ZodType
  ? undefined extends z.input<E['query']>
    ? { query?: QueryIn<E> }
    : { query: QueryIn<E> }
  : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: BodyIn<E> } : { body?: never }) & { params?: PathParams }

/** `/api/x/download/{id}` with `{id: 7}` → `/api/x/download/7` (values URI-encoded). */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`缺少路径参数 ${name}`)
    return encodeURIComponent(String(value))
  })
}
