import { expect } from 'vitest'
import type { Api } from '../support/server'

export const S = '/api/safetyexam'

const pad = (n: number) => String(n).padStart(2, '0')

/** A plan's local date-time as the forms and the server write it (yyyy-MM-dd HH:mm:00). */
export const stamp = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`

/**
 * Saves an exam plan for college 08's 2022 students, takes it through its approval flow as `staff`
 * (who holds every step) and publishes it. Answers the plan id and the publish reply.
 */
export async function publishExamPlan(staff: Api, plan: Record<string, unknown>) {
  const saved = await staff.post(`${S}/safetyexamplan/submit`, { body: plan })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  const planId = String(saved.body.data.id)
  await staff.post(`${S}/safetyexamplanscope/submit`, {
    body: { planId, userType: 1, deptSerial: '08', grade: '2022' },
  })
  expect((await staff.post(`${S}/safetyexamplan/handleApplyFor`, { body: { id: planId } })).status).toBe(200)
  for (const task of (await staff.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 })).body.data
    .records) {
    await staff.post('/api/blade-flow/work/claim-task', { query: { taskId: task.taskId } })
    await staff.post('/api/blade-flow/work/complete-task', {
      body: { taskId: task.taskId, pass: true, comment: '同意', flag: 'ok' },
    })
  }
  const published = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: planId } })
  return { planId, published }
}
