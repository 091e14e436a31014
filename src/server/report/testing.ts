/**
 * Test support of the report area (not used by the server): multipart uploads of binary files
 * through app.inject, raw file downloads, and small spreadsheets.
 */
import * as XLSX from 'xlsx'
import { expect } from 'vitest'
import { basicAuth, type Api, type TestServer } from '../../../tests/support/server'
import { createUser, rootDeptId } from '../../../tests/support/fixtures'
import { nextId } from '../core/ids'
import { dept } from '../db/schema'

/** A multipart/form-data body with text fields and one binary file. */
export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----reporttest${Date.now()}${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

const headers = (token: string) => ({ authorization: basicAuth(), 'blade-auth': `bearer ${token}` })

/** POSTs a file (and fields) as multipart; answers status and the parsed envelope. */
export async function upload(
  t: TestServer,
  token: string,
  path: string,
  file: { name: string; bytes: Buffer },
  fields: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const body = multipart(fields, file)
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    query,
    payload: body.payload,
    headers: { ...headers(token), 'content-type': body.contentType },
  })
  return { status: res.statusCode, body: res.json() }
}

/** GETs a file endpoint; answers status, headers and the raw bytes. */
export async function download(
  t: TestServer,
  token: string,
  path: string,
  query: Record<string, string> = {},
) {
  const res = await t.app.inject({ method: 'GET', url: path, query, headers: headers(token) })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload }
}

/** An xlsx of one sheet from rows of cells (the first row is the header). */
export function xlsxOf(rows: unknown[][], sheet = 'Sheet1'): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet)
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/** The office saves the year's report task for the colleges and issues it (下发); answers its id. */
export async function issueReportTask(
  office: Api,
  academicYear = '2024-2025',
  collegeSerialNums = '01,02,03',
): Promise<string> {
  await office.post('/api/report/task/save', {
    body: {
      taskName: `${academicYear}学年高等学校实验室信息统计`,
      academicYear,
      schoolCode: '10512',
      schoolType: 1,
      collegeSerialNums,
    },
  })
  const task = (await office.get('/api/report/task/page', {})).body.data.records.find(
    (r: { academicYear: string }) => r.academicYear === academicYear,
  )
  const issued = await office.post('/api/report/task/submit', { body: { id: task.id } })
  expect(issued.status, JSON.stringify(issued.body)).toBe(200)
  return String(task.id)
}

/** A school of three colleges, its office staff (root dept) and one staff member per college. */
export async function reportSchool(t: TestServer, tenantId = '000000') {
  const root = await rootDeptId(t.database, tenantId)
  const colleges: { serial: string; name: string; deptId: string }[] = []
  for (const [serial, name] of [
    ['01', '计算机与信息工程学院'],
    ['02', '机械与电气工程学院'],
    ['03', '化学与材料学院'],
  ]) {
    const deptId = nextId()
    await t.database.db.insert(dept).values({
      id: deptId,
      tenantId,
      parentId: root,
      ancestors: `0,${root}`,
      deptCategory: 2,
      deptName: name,
      fullName: name,
      serial,
    })
    colleges.push({ serial, name, deptId })
  }
  const office = await createUser(t.database, { account: `office${tenantId}`, roleAlias: 'staff', tenantId })
  const staff: Record<string, string> = {}
  const accounts: Record<string, { account: string; password: string }> = { office }
  for (const c of colleges) {
    const u = await createUser(t.database, {
      account: `staff${c.serial}_${tenantId}`,
      roleAlias: 'staff',
      tenantId,
      deptId: c.deptId,
    })
    staff[c.serial] = await t.login(u.account, u.password, tenantId)
    accounts[c.serial] = u
  }
  return {
    colleges,
    admin: await t.login(),
    office: await t.login(office.account, office.password, tenantId),
    staff,
    /** Sign-in names and passwords (`office`, and each college's serial), for the UI. */
    accounts,
  }
}
