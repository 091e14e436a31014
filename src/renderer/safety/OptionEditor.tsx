import { Button, Checkbox, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useText } from '../i18n'
import { OPTION_KEYS, type QuestionOption } from '../../shared/resources/safety/bank'
import { T } from './texts'

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: '28px 1fr auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  key: { fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
})

/** The key after ticking or unticking `key` (单选 keeps one tick; letters sorted). */
export function toggleKey(type: number, answer: string, key: string, on: boolean): string {
  if (type === 1) return on ? key : ''
  const set = new Set(answer.split('').filter(Boolean))
  if (on) set.add(key)
  else set.delete(key)
  return [...set].sort().join('')
}

/** Rows after removing one: later rows move up a letter, the key follows them. */
export function removeOption(options: QuestionOption[], answer: string, index: number) {
  const kept = options.filter((_, i) => i !== index)
  const moved = new Map(kept.map((o, i) => [o.key, OPTION_KEYS[i]]))
  return {
    options: kept.map((o, i) => ({ key: OPTION_KEYS[i], text: o.text })),
    answer: answer
      .split('')
      .filter((k) => moved.has(k))
      .map((k) => moved.get(k)!)
      .sort()
      .join(''),
  }
}

/**
 * 选项 of a question, following its type: rows A–F with a 正确 tick (单选 one, 多选 several), or the
 * fixed 正确 / 错误 of a 判断题.
 */
export function OptionEditor({
  type,
  options,
  answer,
  disabled,
  onChange,
}: {
  type: number
  options: QuestionOption[]
  answer: string
  disabled?: boolean
  onChange: (options: QuestionOption[], answer: string) => void
}) {
  const s = useStyles()
  const text = useText()
  if (type === 3)
    return (
      <RadioGroup
        layout="horizontal"
        value={answer}
        disabled={disabled}
        aria-label={text(T.key)}
        onChange={(_e, d) => onChange([], d.value)}
      >
        <Radio value="T" label={text(T.correct)} />
        <Radio value="F" label={text(T.wrong)} />
      </RadioGroup>
    )
  return (
    <div className={s.rows}>
      {options.map((o, i) => (
        <div className={s.row} key={o.key}>
          <span className={s.key}>{o.key}</span>
          <Input
            aria-label={`选项${o.key}`}
            value={o.text}
            disabled={disabled}
            maxLength={300}
            onChange={(_e, d) =>
              onChange(
                options.map((x, j) => (j === i ? { ...x, text: d.value } : x)),
                answer,
              )
            }
          />
          <Checkbox
            label={text(T.correct)}
            aria-label={`选项${o.key}${text(T.correct)}`}
            checked={answer.includes(o.key)}
            disabled={disabled}
            onChange={(_e, d) => onChange(options, toggleKey(type, answer, o.key, !!d.checked))}
          />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`${text(T.remove)}${o.key}`}
            disabled={disabled || options.length <= 2}
            onClick={() => {
              const next = removeOption(options, answer, i)
              onChange(next.options, next.answer)
            }}
          />
        </div>
      ))}
      <div>
        <Button
          size="small"
          icon={<AddRegular />}
          disabled={disabled || options.length >= 6}
          onClick={() => onChange([...options, { key: OPTION_KEYS[options.length], text: '' }], answer)}
        >
          {text(T.addOption)}
        </Button>
      </div>
    </div>
  )
}
