import type { FastifyInstance } from 'fastify'
import { bad } from './errors'

/**
 * PostgreSQL text cannot hold a NUL character: a NUL that reaches a query fails there with a 500.
 * It is refused at the door instead, once for every route: in the URL (path or query, `%00`), in a
 * JSON body (`\u0000`) and in an uploaded file's name. Other control characters stay allowed in
 * values (tabs and line breaks are data), but not in file names.
 */
export const NUL_MESSAGE = '参数不能包含空字符 (\\0)'

const NUL_IN_URL = /%00/i
/** A JSON `\u0000` escape that is not itself an escaped backslash followed by "u0000". */
const NUL_IN_JSON = /(?:^|[^\\])(?:\\\\)*\\u0000/

export function refuseNulInUrl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.raw.url ?? '')) bad(NUL_MESSAGE)
  })
}

/** Checks a JSON body's text before it is parsed (one scan, no walk over the parsed rows). */
export function refuseNulInJson(text: string): void {
  if (text.includes('\u0000') || (text.includes('\\u0000') && NUL_IN_JSON.test(text))) bad(NUL_MESSAGE)
}

const CONTROL = /[\u0000-\u001f\u007f]/

/** The name of an uploaded file as the client sent it, refused when it holds control characters. */
export function uploadedName(filename: string | undefined, fallback: string): string {
  const name = filename || fallback
  if (CONTROL.test(name)) bad('文件名不能包含控制字符')
  return name
}
