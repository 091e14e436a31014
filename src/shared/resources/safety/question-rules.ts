import { OPTION_KEYS, type QuestionOption } from './bank'

/**
 * The rules of a question (B.2), shared by the server (save, import) and the renderer's form, so
 * both say the same message. Each check answers the message of the first broken rule, or null.
 */

/** The stem as uniqueness compares it: trimmed, whitespace runs collapsed. */
export const stemKeyOf = (stem: string) => stem.trim().replace(/\s+/g, ' ')

/** Options from their wire form (a JSON array or text), blank trailing rows dropped. */
export function parseOptions(raw: unknown): QuestionOption[] {
  if (Array.isArray(raw)) return raw as QuestionOption[]
  if (typeof raw !== 'string' || !raw.trim()) return []
  try {
    const value = JSON.parse(raw) as unknown
    return Array.isArray(value) ? (value as QuestionOption[]) : []
  } catch {
    return []
  }
}

export function checkOptions(type: number, options: QuestionOption[]): string | null {
  if (type === 3) return null
  if (options.length < 2 || options.length > 6) return '选项须为2到6个'
  for (const [i, o] of options.entries()) {
    if (o?.key !== OPTION_KEYS[i]) return '选项须从A开始连续填写'
    const text = String(o.text ?? '').trim()
    if (!text) return '选项须从A开始连续填写'
    if (text.length > 300) return `选项${o.key}不能超过300个字符`
  }
  return null
}

const JUDGE: Record<string, 'T' | 'F'> = {
  T: 'T',
  F: 'F',
  正确: 'T',
  错误: 'F',
  对: 'T',
  错: 'F',
  '√': 'T',
  '×': 'F',
  TRUE: 'T',
  FALSE: 'F',
}

/** The key as stored (letters sorted; 判断 `T`/`F`), or the message of what is wrong. */
export function normaliseAnswer(
  type: number,
  raw: unknown,
  options: QuestionOption[],
): { answer: string } | { error: string } {
  const text = String(raw ?? '')
    .trim()
    .toUpperCase()
  if (!text) return { error: '请设置正确答案' }
  if (type === 3) {
    const v = JUDGE[text] ?? JUDGE[String(raw).trim()]
    return v ? { answer: v } : { error: '判断题答案只能是正确或错误' }
  }
  const keys = [...new Set(text.replace(/[\s,，、]/g, '').split(''))].sort()
  const known = new Set(options.map((o) => o.key))
  const missing = keys.find((k) => !known.has(k))
  if (missing) return { error: `正确答案「${missing}」不在选项中` }
  if (type === 1 && keys.length !== 1) return { error: '单选题只能有一个正确答案' }
  if (type === 2 && keys.length < 2) return { error: '多选题至少有两个正确答案' }
  return { answer: keys.join('') }
}

/** The first rule a question breaks (options, key), or null; `answer` is the stored key when valid. */
export function checkQuestion(
  type: number,
  optionsRaw: unknown,
  answerRaw: unknown,
): { options: QuestionOption[]; answer: string } | { error: string } {
  if (![1, 2, 3].includes(type)) return { error: '请选择题型' }
  const options = type === 3 ? [] : parseOptions(optionsRaw)
  const optionError = checkOptions(type, options)
  if (optionError) return { error: optionError }
  const answer = normaliseAnswer(type, answerRaw, options)
  if ('error' in answer) return answer
  return { options, answer: answer.answer }
}

/** The judge key as shown (正确 / 错误). */
export const judgeText = (key: string) => (key === 'T' ? '正确' : key === 'F' ? '错误' : key)
