/**
 * Report figures (issue 14), on a real server over a scratch database, one college's SJ1 of `ROWS`
 * rows (2 % with one error: a unit price below the SJ1 floor):
 *  1. TXT export (`exportTxt`) against a plain read of those rows (same scope, same order, same page
 *     size, read to the end and discarded, through the same keyset reader) in the same run;
 *  2. `checkData` over the rows against that read;
 *  3. TXT import (dry run, then commit) against a plain multi-row INSERT of the same rows (1,000 a
 *     statement, rolled back).
 * Budgets are printed in the notes, never asserted.
 */
import { rootDeptId, createUser } from '../tests/support/fixtures'
import { Data } from '../src/server/core/data'
import { nextId } from '../src/server/core/ids'
import { dept } from '../src/server/db/schema'
import { EXPORT_PAGE } from '../src/server/report/export'
import { scopeRows, type StoredRow } from '../src/server/report/rows-reader'
import { rowTable } from '../src/server/report/tables'
import { encodeRecords, recordWriter } from '../src/server/report/txt/format'
import { defaultLayout } from '../src/shared/resources/report/settings'
import { REPORT_TABLES } from '../src/shared/resources/report/tables'
import type { CheckResult } from '../src/shared/api/report'
import { type Answer, benchServer, median, must, TENANT, type Caller } from './harness'
import type { Figure, Suite } from './types'

/**
 * The 100,000 rows took over 12 minutes on the shared 2-core machine (PGlite in process):
 * 20,000 rows by default, printed in the notes; `LAB_BENCH_REPORT_ROWS=100000` runs the size.
 */
const ROWS = Number(process.env.LAB_BENCH_REPORT_ROWS ?? 20_000)
/** Every 50th row (2 %) has one error. */
const ERROR_EVERY = 50
const RUNS = 3

type Row = Omit<Figure, 'suite'>

function sj1Row(i: number) {
  return {
    schoolCode: '10512',
    equipmentNo: `2${String(i).padStart(7, '0')}`,
    classCode: '03040501',
    equipmentName: i % 3 ? '数字示波器' : '高效液相色谱仪（含自动进样器）',
    model: i % 5 ? `DSO-${i}` : '*',
    specification: '*',
    sourceCode: '1',
    countryCode: i % 2 ? '156' : '840',
    unitPrice: i % ERROR_EVERY === 0 ? '500.00' : `${1000 + (i % 5000)}.00`,
    purchaseMonth: '202309',
    statusCode: '1',
    useDirection: i % 4 ? '1' : '2',
    unitCode: '0101',
    unitName: '计算机与信息工程学院',
  }
}

/** A multipart/form-data body with text fields and one file. */
function multipart(fields: Record<string, string>, name: string, bytes: Buffer) {
  const boundary = `----reportbench${Date.now()}`
  const parts: Buffer[] = []
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    )
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}

export const reportSuite: Suite = async () => {
  const server = await benchServer('bench_report')
  const db = server.database.db
  const rows: Row[] = []
  try {
    const started = performance.now()
    const admin = await server.as('admin')
    const root = await rootDeptId(server.database, TENANT)
    const deptId = nextId()
    await db.insert(dept).values({
      id: deptId,
      tenantId: TENANT,
      parentId: root,
      ancestors: `0,${root}`,
      deptCategory: 2,
      deptName: '计算机与信息工程学院',
      fullName: '计算机与信息工程学院',
      serial: '01',
    })
    const staff = await createUser(server.database, { account: 'bench_c01', roleAlias: 'staff', deptId })
    const college: Caller = await server.as(staff.account)
    must(
      await admin.post('/api/report/task/save', {
        taskName: '基准统计任务',
        academicYear: '2024-2025',
        schoolCode: '10512',
        schoolType: 1,
        collegeSerialNums: '01',
      }),
      'task',
    )
    const task = must<{ records: { id: string; taskSerialNum: string }[] }>(
      await admin.get('/api/report/task/page', {}),
      'tasks',
    ).records[0]
    must(await admin.post('/api/report/task/submit', { id: task.id }), 'issue task')
    const scope = { taskSerialNum: task.taskSerialNum, collegeSerialNum: '01' }

    const write = recordWriter(
      defaultLayout('sj1'),
      new Set(REPORT_TABLES.sj1.fields.filter((f) => f.cut).map((f) => f.name)),
    )
    const file = encodeRecords(
      Array.from({ length: ROWS }, (_, i) => (write(sj1Row(i + 1)) as { text: string }).text),
    )
    rows.push({
      name: `set-up: task and a ${ROWS}-row SJ1 TXT`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `not a product figure; ${(file.length / 1024 / 1024).toFixed(1)} MiB GBK`,
    })

    // ---- 3. import: dry run, then commit ----
    const upload = async (dryRun: boolean) => {
      const form = multipart({ mode: 'replace', dryRun: String(dryRun), ...scope }, 'SJ110512.txt', file)
      const res = await fetch(`${server.base}/api/report/sj1/importData`, {
        method: 'POST',
        headers: { ...college.headers, 'Content-Type': form.type },
        body: form.body,
      })
      return {
        status: res.status,
        body: (await res.json()) as Answer['body'],
      }
    }
    const dry = await timed(() => upload(true))
    const dryData = must<{ total: number; blocking: number }>(dry.value, 'dry run')
    const commit = await timed(() => upload(false))
    const committed = must<{ imported: number }>(commit.value, 'import')
    const apply = must<{ submission: { id: string; rowCount: number } }>(
      await college.get('/api/report/sj1/getApplyData', scope),
      'apply data',
    )
    const submissionId = apply.submission.id

    // ---- the plain read: the same reader, scope, order and page size, discarded ----
    const reader = new Data({ db, tenantId: TENANT, user: null })
    let read = 0
    const plainRead = async () => {
      read = 0
      for await (const page of scopeRows(reader, 'sj1', submissionId, EXPORT_PAGE)) read += page.length
    }
    const readTimes: number[] = []
    const exportTimes: number[] = []
    const checkTimes: number[] = []
    let exported = 0
    let findings = { total: 0, errors: 0, rows: 0 }
    for (let run = 0; run < RUNS; run++) {
      readTimes.push((await timed(plainRead)).ms)
      const txt = await timed(async () => {
        const res = await college.fetch('/api/report/sj1/exportTxt', { query: scope })
        if (res.status !== 200)
          throw new Error(`exportTxt: ${res.status} ${(await res.text()).slice(0, 160)}`)
        return (await res.arrayBuffer()).byteLength
      })
      exportTimes.push(txt.ms)
      exported = txt.value
      const check = await timed(async () =>
        must<CheckResult>(await college.get('/api/report/sj1/checkData', scope), 'check'),
      )
      checkTimes.push(check.ms)
      findings = {
        total: check.value.errors + check.value.warnings + check.value.infos,
        errors: check.value.errors,
        rows: check.value.checkedRows,
      }
    }
    const readMs = median(readTimes)
    const exportMs = median(exportTimes)
    const checkMs = median(checkTimes)

    // ---- the multi-row INSERT baseline: the same rows, 1,000 a statement, rolled back ----
    const stored: StoredRow[] = []
    for await (const page of scopeRows(reader, 'sj1', submissionId, EXPORT_PAGE)) stored.push(...page)
    const table = rowTable('sj1')
    const rollback = new Error('rollback')
    let insertMs = 0
    await db
      .transaction(async (tx) => {
        const t0 = performance.now()
        for (let i = 0; i < stored.length; i += 1000)
          await tx
            .insert(table)
            .values(stored.slice(i, i + 1000).map((r) => ({ ...r, id: nextId() })) as never)
        insertMs = performance.now() - t0
        throw rollback
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e
      })

    rows.push(
      {
        name: `SJ1 plain read of ${ROWS} rows`,
        value: readMs,
        unit: 'ms',
        note: `shrunk from 100,000 (suite time); ${read} rows, keyset pages of ${EXPORT_PAGE} (scopeRows), discarded; median of ${RUNS}`,
      },
      {
        name: 'SJ1 TXT export',
        value: exportMs,
        unit: 'ms',
        note: `${(exported / 1024 / 1024).toFixed(1)} MiB over HTTP; median of ${RUNS}`,
      },
      { name: 'TXT export / plain read', value: exportMs / readMs, unit: 'ratio', note: 'budget ≤ 2' },
      {
        name: 'SJ1 checkData',
        value: checkMs,
        unit: 'ms',
        note: `${findings.rows} rows checked, ${findings.errors} errors of ${findings.total} findings (${ROWS / ERROR_EVERY} rows with an error); median of ${RUNS}`,
      },
      { name: 'checkData / plain read', value: checkMs / readMs, unit: 'ratio', note: 'budget ≤ 3' },
      {
        name: 'SJ1 TXT import: dry run',
        value: dry.ms,
        unit: 'ms',
        note: `${dryData.total} rows, ${dryData.blocking} blocking`,
      },
      {
        name: 'SJ1 TXT import: commit',
        value: commit.ms,
        unit: 'ms',
        note: `${committed.imported} rows imported (replace)`,
      },
      {
        name: 'baseline: multi-row INSERT of the rows',
        value: insertMs,
        unit: 'ms',
        note: '1,000 rows a statement, one transaction (rolled back)',
      },
      {
        name: 'TXT import (dry run + commit) / INSERT',
        value: (dry.ms + commit.ms) / insertMs,
        unit: 'ratio',
        note: 'reported, no budget',
      },
      { name: 'database', value: server.database.kind, unit: '' },
    )
    return rows
  } catch (e) {
    rows.push({ name: 'error', value: String((e as Error).message ?? e).slice(0, 160), unit: '' })
    return rows
  } finally {
    await server.close()
  }
}
