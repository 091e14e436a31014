import { Readable } from 'node:stream'
import { and, eq, inArray } from 'drizzle-orm'
import { zipSync } from 'fflate'
import type { FastifyInstance } from 'fastify'
import type { Data } from '../core/data'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { queueDownload } from '../download/tasks'
import { QUEUED_MESSAGE } from '../../shared/api/download'
import { safetyResultApi } from '../../shared/api/safety'
import type { Producer } from '../download/producers'
import { safetyPaperPerson, safetyPlan } from '../db/schema'
import { certificatePdf } from './certificate'
import { clock, compactDate } from './clock'
import { earned, type Answers, type SnapQuestion } from './scoring'
import { certificateOf, exportRows, resultSheet } from './score-routes'
import { sheetjs } from '../core/sheetjs'

/**
 * 后台导出 of 成绩管理 (`resultExportTask`, B.9): three 下载中心 producers, one per checkExportType —
 * 1 成绩单 (the xlsx of resultExport), 2 证书 (a zip of one PDF per passed candidate), 3 答卷明细 (a row per
 * candidate × question). Each runs later as the caller, with the caller's data scope.
 */

export const RESULT_TASK_PRODUCERS = {
  1: 'safety.results.xlsx',
  2: 'safety.certificates.zip',
  3: 'safety.sheets.xlsx',
} as const

export const RESULT_TASK_NAMES = { 1: '成绩单', 2: '证书', 3: '答卷明细' } as const

type Params = { examPlanId: string; userType?: number; deptId?: string; checkedItems?: string }

const TYPE = ['', '单选题', '多选题', '判断题']

function xlsxBuffer(sheetName: string, rows: Record<string, unknown>[]): Buffer {
  const XLSX = sheetjs()
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), sheetName.slice(0, 31))
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

/** The task's file name without extension: 考试成绩_<考试名称>_20251120 (and the kind for 2 and 3). */
export function resultTaskFileName(planName: string, startTime: Date | null, type: 1 | 2 | 3) {
  const day = compactDate(startTime ?? clock.now())
  return type === 1 ? `考试成绩_${planName}_${day}` : `${RESULT_TASK_NAMES[type]}_${planName}_${day}`
}

const paramsOf = (params: Record<string, unknown>) => params as unknown as Params

async function sheetRows(data: Data, params: Params) {
  const scores = await exportRows(data, params)
  if (!scores.length) return []
  const papers = await data.repo(safetyPaperPerson).find([
    and(
      eq(safetyPaperPerson.planId, params.examPlanId),
      inArray(
        safetyPaperPerson.id,
        scores.map((s) => s.paperPersonId ?? ''),
      ),
    )!,
  ])
  const paperOf = new Map(papers.map((p) => [p.id, p]))
  const rows: Record<string, unknown>[] = []
  for (const s of scores) {
    const paper = paperOf.get(s.paperPersonId ?? '')
    if (!paper) continue
    const answers = (paper.answers ?? {}) as Answers
    for (const q of (paper.questions ?? []) as SnapQuestion[])
      rows.push({
        '学号/工号': s.userCode,
        姓名: s.userName,
        题号: q.no,
        题型: TYPE[q.type] ?? '',
        题干: q.stem,
        考生答案: answers[q.qid] ?? '',
        正确答案: q.key,
        得分: earned(q, answers[q.qid], paper.multiplePartial === 1),
      })
  }
  return rows
}

export const resultTaskProducers: Record<string, Producer> = {
  [RESULT_TASK_PRODUCERS[1]]: {
    fileExt: 'xlsx',
    async run({ data, params, progress }) {
      const p = paramsOf(params)
      const rows = await exportRows(data, p)
      await progress(rows.length, rows.length)
      return Readable.from([xlsxBuffer('考试成绩', resultSheet(rows, p.checkedItems))])
    },
  },
  [RESULT_TASK_PRODUCERS[2]]: {
    fileExt: 'zip',
    async run({ data, params, progress }) {
      const p = paramsOf(params)
      const rows = (await exportRows(data, p)).filter((r) => r.passed === 1 && r.certificateNo)
      const plan = await data.repo(safetyPlan).first(eq(safetyPlan.id, p.examPlanId))
      const files: Record<string, Uint8Array> = {}
      let done = 0
      await progress(0, rows.length)
      for (const r of rows) {
        const certificate = await certificateOf(data, r, plan ?? undefined)
        files[`${certificate.title}_${r.userName}_${r.userCode}.pdf`] = await certificatePdf([certificate])
        await progress(++done, rows.length)
      }
      return Readable.from([Buffer.from(zipSync(files, { level: 0 }))])
    },
  },
  [RESULT_TASK_PRODUCERS[3]]: {
    fileExt: 'xlsx',
    async run({ data, params, progress }) {
      const rows = await sheetRows(data, paramsOf(params))
      await progress(rows.length, rows.length)
      const sheet = rows.length
        ? rows
        : [{ '学号/工号': '', 姓名: '', 题号: '', 题型: '', 题干: '', 考生答案: '', 正确答案: '', 得分: '' }]
      return Readable.from([xlsxBuffer('答卷明细', sheet)])
    },
  },
}

/** `resultExportTask`: checks the plan and the columns as resultExport does, then queues the task. */
export function registerResultTaskRoute(app: FastifyInstance) {
  route(app, safetyResultApi.score.resultExportTask, async ({ data, query }) => {
    const plan = await data.repo(safetyPlan).need(query.examPlanId, '考试计划不存在')
    const type = query.checkExportType as 1 | 2 | 3
    const params: Params = {
      examPlanId: query.examPlanId,
      userType: query.userType,
      deptId: query.deptId,
      checkedItems: query.checkedItems,
    }
    const task = await queueDownload(data, {
      bizType: 'safety',
      bizId: plan.id,
      taskName: `${plan.planName ?? ''}${RESULT_TASK_NAMES[type]}导出`,
      producer: RESULT_TASK_PRODUCERS[type],
      params,
      fileName: resultTaskFileName(plan.planName ?? '', plan.startTime, type),
    })
    return ok(task, QUEUED_MESSAGE)
  })
}
