import type { QuestionOption } from '../../shared/resources/safety/bank'
import { round1 } from './clock'

/**
 * One question of an attempt as the server keeps it (the snapshot, B.5): options in the order and
 * letters the candidate saw, the key in those letters, its score. Scoring reads only this.
 */
export interface SnapQuestion {
  qid: string
  no: number
  type: 1 | 2 | 3
  stem: string
  imageIds: string | null
  options: QuestionOption[]
  key: string
  score: number
  analysis: string | null
}

export type Answers = Record<string, string>

/** What one answer earns (B.6): 单选/判断 all or nothing; 多选 full, half for a proper subset when allowed, else 0. */
export function earned(q: SnapQuestion, answer: string | undefined, partial: boolean): number {
  const given = (answer ?? '').trim()
  if (!given) return 0
  if (q.type !== 2) return given === q.key ? q.score : 0
  const chosen = new Set(given.split(''))
  const key = new Set(q.key.split(''))
  if (chosen.size === key.size && [...chosen].every((k) => key.has(k))) return q.score
  if (partial && chosen.size < key.size && [...chosen].every((k) => key.has(k))) return round1(q.score / 2)
  return 0
}

export function scoreOf(questions: SnapQuestion[], answers: Answers, partial: boolean) {
  let score = 0
  let correct = 0
  for (const q of questions) {
    const e = earned(q, answers[q.qid], partial)
    score += e
    if (e === q.score) correct++
  }
  return { score: round1(score), correct }
}

/**
 * The message of the first answer that is not valid for its question (答案格式不正确（第12题）), or null.
 * Empty strings are allowed (unanswered); unknown question ids are refused.
 */
export function checkAnswers(questions: SnapQuestion[], answers: Answers): string | null {
  const byId = new Map(questions.map((q) => [q.qid, q]))
  for (const [qid, raw] of Object.entries(answers)) {
    const q = byId.get(qid)
    if (!q) return '答案格式不正确（题目不在本试卷中）'
    if (raw === '') continue
    const bad = `答案格式不正确（第${q.no}题）`
    if (q.type === 3) {
      if (raw !== 'T' && raw !== 'F') return bad
      continue
    }
    const keys = raw.split('')
    const allowed = new Set(q.options.map((o) => o.key))
    if (keys.some((k) => !allowed.has(k)) || new Set(keys).size !== keys.length) return bad
    if (q.type === 1 && keys.length !== 1) return bad
    if (keys.join('') !== [...keys].sort().join('')) return bad
  }
  return null
}
