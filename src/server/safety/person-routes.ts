import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Data } from '../core/data'
import { safetyPaperPerson, safetyPlan, safetyPlanPerson } from '../db/schema'
import { planPersonResource } from '../../shared/resources/safety/exam'
import { safetyPlanApi } from '../../shared/api/safety'
import { sendXlsx } from '../base/spreadsheet'
import { candidateCount } from './candidates'
import { serialsBelow } from './people'

type Row = Record<string, unknown>
const SCOPE = { name: planPersonResource.name, permission: planPersonResource.permission }
const USER_TYPE_TEXT = ['', '学生', '教职工']
export const EXAM_STATUS_TEXT = ['未参加', '考试中', '已交卷', '缺考']

/** 考生 filters: plan, 院系 (its subtree), 人员类型, 考试状态, keyword (学号/工号 or 姓名). */
export async function personFilters(data: Data, query: Row): Promise<(SQL | undefined)[]> {
  const planId = String(query.planId ?? '')
  if (!/^\d{1,19}$/.test(planId)) bad('请选择考试计划')
  const out: (SQL | undefined)[] = [eq(safetyPlanPerson.planId, planId)]
  if (query.deptSerial)
    out.push(inArray(safetyPlanPerson.deptSerial, await serialsBelow(data, String(query.deptSerial))))
  if (query.userType) out.push(eq(safetyPlanPerson.userType, Number(query.userType)))
  if (query.examStatus !== undefined && query.examStatus !== '')
    out.push(eq(safetyPlanPerson.examStatus, Number(query.examStatus)))
  const keyword = String(query.keyword ?? '').trim()
  if (keyword)
    out.push(
      or(
        sql`${safetyPlanPerson.userCode} like ${`%${keyword}%`}`,
        sql`${safetyPlanPerson.userName} like ${`%${keyword}%`}`,
      ),
    )
  return out
}

const sort = [sql`${safetyPlanPerson.deptSerial} asc nulls last`, sql`${safetyPlanPerson.userCode} asc`]

export function registerPersonRoutes(app: FastifyInstance) {
  const api = safetyPlanApi.person
  route(app, api.deptPages, async ({ data, query }) => {
    const where = await personFilters(data, query)
    return ok(await data.repo(safetyPlanPerson, SCOPE).page(query, { filters: false, where, sort }))
  })
  route(app, api.remove, async ({ data, body }) => {
    await data.transaction(async (tx) => {
      const people = await tx.repo(safetyPlanPerson, SCOPE).needAll(body.ids, '部分数据不存在或无权删除')
      if (people.some((p) => p.planId !== body.planId)) bad('部分数据不存在或无权删除')
      const started = await tx
        .repo(safetyPaperPerson)
        .find([inArray(safetyPaperPerson.personId, body.ids)], { limit: 1 })
      const first = started.length
        ? people.find((p) => p.id === started[0].personId)
        : people.find((p) => (p.examStatus ?? 0) === 1 || (p.examStatus ?? 0) === 2)
      if (first) bad(`已开始考试的考生不能删除：${first.userName}（${first.userCode}）`)
      await tx.repo(safetyPlanPerson, SCOPE).remove(body.ids)
      await tx.repo(safetyPlan).update(body.planId, { candidateCount: await candidateCount(tx, body.planId) })
    })
    return done()
  })
  route(app, api.exportPerson, async ({ data, query, reply }) => {
    const plan = await data.repo(safetyPlan).need(query.planId, '考试计划不存在')
    const rows = await data.repo(safetyPlanPerson, SCOPE).list(query, {
      filters: false,
      where: await personFilters(data, query),
      sort,
      limit: 100000,
    })
    const sheet = rows.map((p) => ({
      '学号/工号': p.userCode ?? '',
      姓名: p.userName ?? '',
      人员类型: USER_TYPE_TEXT[p.userType ?? 0] ?? '',
      院系: p.deptName ?? '',
      专业: p.majorName ?? '',
      年级: p.grade ?? '',
      班级: p.className ?? p.classNo ?? '',
      考试状态: EXAM_STATUS_TEXT[p.examStatus ?? 0] ?? '',
      成绩: p.score === null || p.score === undefined ? '' : Number(p.score),
      是否通过: p.passed === 1 ? '是' : p.passed === 0 ? '否' : '',
    }))
    return sendXlsx(reply, `考生名单_${plan.planName}.xlsx`, '考生名单', sheet)
  })
}
