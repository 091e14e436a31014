/**
 * Bad-input sweep over every route of the system, log, resource, external and develop areas: missing,
 * wrong-typed, oversized and injected values never give a 5xx, refusals carry a Chinese message, and
 * nothing in the database changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { sql } from 'drizzle-orm'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { systemArea } from './area'
import { filesArea } from '../files/area'
import { logArea } from '../log/area'
import { externalArea } from '../external/area'
import { developArea } from '../develop/area'
import { registerResourceRoutes } from '../core/resource-routes'
import { definitionOf } from '../core/resource-table'
import * as tables from '../db/schema/resources'
import type { PgTable } from 'drizzle-orm/pg-core'

let t: TestServer
let admin: string
const routes: { method: string; url: string }[] = []

const OWN = /^\/api\/(blade-system|blade-log|blade-resource|external|blade-develop|blade-report|secure)\//
const SKIP = /\/menu\/(routes|buttons|top-menu|auth-routes)$|\/tenant\/info$|\/oss\/file\/\*$/

/** The routes of our areas, collected by registering them on a bare instance. */
async function collectRoutes() {
  const probe = Fastify()
  probe.setValidatorCompiler(validatorCompiler)
  probe.setSerializerCompiler(serializerCompiler)
  probe.decorate('db', {} as never)
  probe.decorate('config', { fileDir: '', demo: false, logger: false })
  probe.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url })
  })
  for (const area of [systemArea, filesArea, logArea, externalArea, developArea]) await probe.register(area)
  for (const table of Object.values(tables) as PgTable[]) {
    const def = definitionOf(table)
    if (def && OWN.test(`${def.basePath}/`)) registerResourceRoutes(probe, def, table)
  }
  await probe.ready()
  await probe.close()
}

const TABLES = [
  'blade_dict',
  'blade_dict_biz',
  'blade_region',
  'blade_menu',
  'blade_role',
  'blade_role_menu',
  'blade_role_scope',
  'blade_dept',
  'blade_tenant',
  'blade_client',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_scope_data',
  'blade_scope_api',
  'blade_param',
  'blade_post',
  'blade_tenant_package',
  'blade_token_skip_api',
  'blade_datasource',
  'blade_oss',
  'blade_sms',
  'blade_attach',
  'blade_report_file',
  'blade_code',
  'lab_external_sql',
  'lab_external_interface',
  'lab_external_resource',
  'lab_external_task',
  'lab_external_task_run',
  'lab_sms_message',
  'blade_user',
]

async function fingerprint(): Promise<string> {
  const parts: string[] = []
  for (const name of TABLES) {
    const res = (await t.database.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${name} t`),
    )) as unknown as {
      rows: { h: string }[]
    }
    parts.push(`${name}:${res.rows[0].h}`)
  }
  return parts.join('\n')
}

const LONG = 'x'.repeat(30000)
const INJECT = "1' or '1'='1; drop table blade_user; --"
const GET_CASES: Record<string, string>[] = [
  {},
  { id: 'abc' },
  { id: INJECT },
  { id: '99999999999999999999999' },
  { ids: 'abc,../..' },
  { current: 'abc' },
  { size: '100000' },
  { current: '0', size: '-1' },
  { parentId: '../../etc' },
  { parentCode: INJECT },
  { code: LONG },
  { tenantId: 'abc' },
  { tenantId: "000000' or 1=1" },
  { descs: 'id;drop table blade_user' },
  { ascs: 'no_such_column' },
  { roleIds: '1,abc' },
  { topMenuIds: INJECT },
  { category: 'abc' },
  { deptCategory: '1.5' },
  { serial: LONG },
  { userId: 'abc' },
  { createTime_datege: 'not-a-date' },
  { sort_ge: 'abc' },
  { name: INJECT },
]
const POST_QUERY_CASES: Record<string, string>[] = [
  {},
  { ids: 'abc' },
  { ids: '' },
  { ids: INJECT },
  { id: 'abc' },
  { id: INJECT },
  { tenantId: 'abc', ids: '1' },
]
const POST_BODIES: unknown[] = [
  [],
  'just a string',
  { id: 'abc' },
  { id: INJECT, name: 'x' },
  { id: '1', parentId: 'abc' },
  Object.fromEntries(
    [
      'name',
      'code',
      'dictValue',
      'dictKey',
      'roleName',
      'roleAlias',
      'deptName',
      'tenantName',
      'packageName',
      'menuId',
      'postCode',
      'postName',
      'paramName',
      'paramKey',
      'paramValue',
      'clientId',
      'clientSecret',
      'url',
      'smsCode',
      'ossCode',
      'scopeName',
      'codeName',
      'tableName',
      'sqlText',
      'remark',
    ].map((k) => [k, LONG]),
  ),
  {
    sort: 'abc',
    category: 'abc',
    isSealed: 'abc',
    regionLevel: 'abc',
    accountNumber: 'abc',
    scopeType: 'abc',
    menuIds: 'abc',
    roleIds: ['abc'],
  },
  { roleIds: INJECT, menuIds: INJECT, topMenuIds: INJECT, code: INJECT, phones: INJECT, tenantId: INJECT },
]

beforeAll(async () => {
  await collectRoutes()
  t = await startTestServer()
  admin = await t.login()
})
afterAll(async () => t?.close())

const chinese = /[\u4e00-\u9fa5]/

describe('bad input', () => {
  it('collects the routes of the areas', () => {
    expect(routes.length).toBeGreaterThan(150)
  })

  it('never answers 5xx, refuses with a Chinese message, and changes nothing', async () => {
    const before = await fingerprint()
    const problems: string[] = []
    {
      const api = t.api(admin)
      for (const { method, url } of routes) {
        if (SKIP.test(url)) continue
        const cases =
          method === 'GET'
            ? GET_CASES.map((query) => () => api.get(url, query))
            : [
                ...POST_QUERY_CASES.map((query) => () => api.post(url, { query })),
                ...POST_BODIES.map((body) => () => api.post(url, { body })),
              ]
        for (const call of cases) {
          const res = await call()
          if (res.status >= 500)
            problems.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
          else if (res.status >= 400 && !(typeof res.body?.msg === 'string' && chinese.test(res.body.msg)))
            problems.push(
              `${method} ${url}: ${res.status} without a Chinese msg: ${JSON.stringify(res.body).slice(0, 200)}`,
            )
        }
      }
    }
    expect(problems).toEqual([])
    expect(await fingerprint()).toBe(before)
  }, 600_000)

  it('refuses malformed ids on detail, remove and submit with 400', async () => {
    const api = t.api(admin)
    for (const { method, url } of routes) {
      if (method === 'GET' && url.endsWith('/detail') && !url.includes('/region/')) {
        const res = await api.get(url, { id: 'abc' })
        expect(res.status, url).toBe(400)
      }
      if (method === 'POST' && url.endsWith('/remove')) {
        const res = await api.post(url, { query: { ids: 'abc', id: 'abc' } })
        expect(res.status, url).toBe(400)
      }
      if (method === 'POST' && url.endsWith('/submit')) {
        const res = await api.post(url, { body: { id: INJECT } })
        expect(res.status, url).toBe(400)
      }
    }
  })
})
