import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { collectRoutes, type RegisteredRoute } from '../../../tests/support/routes'
import { approvedProject, seedSchool, type School } from './testing'

/**
 * Bad input over every `/api/competition/*` route, as the office, a teacher and a student: missing,
 * wrong-typed, oversized and injected values never give a 5xx, refusals carry a Chinese message, and
 * no table of the area (nor the workflow's) changes.
 */

let t: TestServer
let school: School
let routes: RegisteredRoute[] = []

const LONG = 'x'.repeat(30000)
const INJECT = "1' or '1'='1; drop table competition_project_apply; --"
const GETS: Record<string, string>[] = [
  {},
  { id: INJECT, finalId: 'abc', projectId: '99999999999999999999999' },
  { projectId: INJECT, preliminaryId: '99999999999999999999999', deptSerial: LONG, academicYear: '2025' },
  { academicYear: INJECT, current: 'abc', size: '-1', descs: 'id;drop table blade_user' },
  {
    status: INJECT,
    finalLevel: '99999999999',
    award: '1.5',
    keyword: INJECT,
    projectName: LONG,
    entryType: 'x',
  },
]
const BODIES: unknown[] = [
  'just a string',
  { id: INJECT, projectId: INJECT, taskId: INJECT, pass: 'maybe', ids: [] },
  {
    projectId: '1',
    teamName: LONG,
    memberNos: [INJECT, LONG],
    action: 'score',
    items: [{ id: '1', score: 'abc' }],
  },
  { action: 'grade', items: 'x', ids: 'abc', finalId: 'abc', rows: [{ appointmentId: 'x', award: 7 }] },
  { academicYear: INJECT, applyStart: 'yesterday', addresses: 'x', deptSerial: INJECT, campusCount: -1 },
  {
    academicYear: '2025-2026',
    addresses: [{ addressName: LONG }],
    fundsInvested: 'x',
    finalId: '1',
    rows: 'x',
  },
  {
    projectName: LONG,
    competitionName: INJECT,
    budget: 'lots',
    entryMode: 9,
    signupStart: 'soon',
    projectId: '1',
  },
  {
    projectId: '1',
    preliminaryTime: 'x',
    results: [{ appointmentId: '1', score: 101, advance: 1 }],
    finalLevel: 'abc',
    appointmentIds: 'a,b',
  },
]

async function fingerprint(): Promise<string> {
  const { rows } = (await t.database.db.execute(
    sql.raw(
      `select tablename from pg_tables where schemaname = 'public' and (tablename like 'competition%' or tablename like 'blade_flow%' or tablename like 'lab_flow%') order by tablename`,
    ),
  )) as unknown as { rows: { tablename: string }[] }
  const parts: string[] = []
  for (const { tablename } of rows) {
    const res = (await t.database.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
      ),
    )) as unknown as { rows: { h: string }[] }
    parts.push(`${tablename}:${res.rows[0].h}`)
  }
  return parts.join('\n')
}

beforeAll(async () => {
  routes = (await collectRoutes()).filter((r) => r.url.startsWith('/api/competition/'))
  t = await startTestServer()
  school = await seedSchool(t)
  await approvedProject(t, school)
})
afterAll(async () => t?.close())

const chinese = /[\u4e00-\u9fa5]/

describe('competition bad input', () => {
  it('covers the area’s routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(70)
  })

  it('never answers 5xx, refuses in Chinese, and changes nothing', async () => {
    const before = await fingerprint()
    const problems: string[] = []
    // The office reaches every route; teachers and students reach their families (the permission
    // sweep proves the rest refuses them before any input is read).
    const reach: Record<string, RegExp> = {
      admin: /./,
      teacher1: /competitionproject(apply|appointment|preliminary|final)/,
      s2022010101: /competitionprojectappointment/,
    }
    for (const who of Object.keys(reach)) {
      const api = await school.login(who)
      for (const { method, url } of routes.filter((r) => reach[who].test(r.url))) {
        const answers =
          method === 'GET'
            ? await Promise.all(GETS.map((q) => api.get(url, q)))
            : await Promise.all(
                BODIES.map((body) => api.post(url, { query: { ids: 'abc', id: INJECT }, body })),
              )
        for (const res of answers) {
          if (res.status >= 500)
            problems.push(`${who} ${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
          else if (res.status === 400 && !chinese.test(String(res.body?.msg)))
            problems.push(
              `${who} ${method} ${url}: 400 without a Chinese message: ${JSON.stringify(res.body).slice(0, 200)}`,
            )
          else if (res.status === 200 && method === 'POST')
            problems.push(`${who} ${method} ${url}: accepted ${JSON.stringify(res.body).slice(0, 200)}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(await fingerprint()).toBe(before)
  })
})
