/**
 * Expression support for the engine, in the style BladeX/Flowable BPMN files use: `${pass}`,
 * `${!pass}`, `${days > 3}`, `${result == 'ok'}`, `${a.b}`, resolved against the process variables.
 * bpmn-elements' own paths (`${environment.variables.x}`, `${content.output}`) keep working.
 */
const WHOLE = /^\$\{(.+?)\}$/
const ANY = /\$\{(.+?)\}/
const COMPARISON = /^(.+?)\s*(==|!=|>=|<=|>|<)\s*(.+)$/

type Scope = Record<string, unknown> & { environment?: { variables?: Record<string, unknown> } }

function path(scope: Scope, expr: string): unknown {
  const parts = expr.split('.')
  const vars = scope.environment?.variables ?? {}
  let value: unknown = parts[0] in vars ? vars : scope
  for (const p of parts) {
    if (value === null || value === undefined) return undefined
    value = (value as Record<string, unknown>)[p]
  }
  return value
}

function operand(scope: Scope, raw: string): unknown {
  const text = raw.trim()
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  const quoted = /^(['"])(.*)\1$/.exec(text)
  if (quoted) return quoted[2]
  if (text.startsWith('!')) return !operand(scope, text.slice(1))
  if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(text)) return path(scope, text)
  throw new Error(`不支持的流程表达式: ${raw}`)
}

function evaluate(scope: Scope, inner: string): unknown {
  const cmp = COMPARISON.exec(inner)
  if (!cmp) return operand(scope, inner)
  const [left, right] = [operand(scope, cmp[1]), operand(scope, cmp[3])]
  switch (cmp[2]) {
    case '==':
      return left == right // EL equality: 1 equals '1'
    case '!=':
      return left != right
    case '>':
      return Number(left) > Number(right)
    case '<':
      return Number(left) < Number(right)
    case '>=':
      return Number(left) >= Number(right)
    default:
      return Number(left) <= Number(right)
  }
}

export const flowExpressions = {
  isExpression: (text?: string) => !!text && WHOLE.test(text),
  hasExpression: (text?: string) => !!text && ANY.test(text),
  resolveExpression(template: string, scope: Scope): unknown {
    const whole = WHOLE.exec(template)
    if (whole) return evaluate(scope, whole[1])
    return template.replace(/\$\{(.+?)\}/g, (_m, inner: string) => String(evaluate(scope, inner) ?? ''))
  },
}
