import { Field, Spinner, makeStyles } from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { questionResource, type QuestionOption } from '../../shared/resources/safety/bank'
import { checkQuestion, parseOptions } from '../../shared/resources/safety/question-rules'
import { safetyBankApi } from '../../shared/api/safety'
import { useLang } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { FieldsGrid, FormShell, fieldErrors } from './FormShell'
import { OptionEditor } from './OptionEditor'
import { T } from './texts'

type Row = Record<string, unknown>
const FIELDS = (questionResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && f.name !== 'options' && f.name !== 'answer',
)
const TOP = FIELDS.filter((f) =>
  ['questionType', 'categoryId', 'labelIds', 'difficulty', 'status', 'stem'].includes(f.name),
)
const BOTTOM = FIELDS.filter((f) => f.name === 'analysis')

const useStyles = makeStyles({
  options: { gridColumn: 'span 24' },
  loading: { minHeight: '200px', display: 'grid', placeItems: 'center' },
})

const blankOptions = (): QuestionOption[] => ['A', 'B', 'C', 'D'].map((key) => ({ key, text: '' }))

/** 新增/编辑题目: the form follows 题型 (option rows A–F with 正确 ticks; 判断 正确/错误). */
export function QuestionDialog({
  id,
  categoryId,
  readOnly,
  onClose,
  onSaved,
}: {
  id?: string
  categoryId?: string
  readOnly?: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const lang = useLang()
  const text = useText()
  const [values, setValues] = useState<Row>({
    questionType: 1,
    difficulty: 2,
    status: 1,
    categoryId: categoryId ?? '',
  })
  const [options, setOptions] = useState<QuestionOption[]>(blankOptions)
  const [answer, setAnswer] = useState('')
  const [loading, setLoading] = useState(!!id)
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)

  useEffect(() => {
    if (!id) return
    let live = true
    void call(safetyBankApi.question.detail, { query: { id } })
      .then((q) => {
        if (!live) return
        setValues({ ...q, labelIds: q.labelIds ? String(q.labelIds).split(',') : [] })
        const parsed = parseOptions(q.options)
        setOptions(Number(q.questionType) === 3 ? blankOptions() : parsed)
        setAnswer(String(q.answer ?? ''))
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [id])

  const type = Number(values.questionType || 1)
  const errors = useMemo(() => fieldErrors(FIELDS, values), [values])
  const rule = checkQuestion(type, JSON.stringify(options), answer)
  const optionError = 'error' in rule ? rule.error : null

  const save = async () => {
    setTried(true)
    if (Object.keys(errors).length || optionError) return
    setBusy(true)
    try {
      await call(safetyBankApi.question.submit, {
        body: {
          ...Object.fromEntries(
            FIELDS.map((f) => [
              f.name,
              Array.isArray(values[f.name]) ? (values[f.name] as string[]).join(',') : values[f.name],
            ]),
          ),
          ...(id ? { id } : {}),
          options: type === 3 ? null : JSON.stringify(options),
          answer,
        } as never,
      })
      onSaved()
    } catch {
      // the call toasted the server's message
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormShell
      title={`${readOnly ? text(T.view) : id ? text(T.edit) : '新增'}题目`}
      width={900}
      busy={busy}
      readOnly={readOnly}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      {loading ? (
        <div className={s.loading}>
          <Spinner size="small" />
        </div>
      ) : (
        <>
          <FieldsGrid
            fields={TOP}
            values={values}
            errors={tried ? errors : {}}
            lang={lang}
            readOnly={readOnly}
            onChange={(name, v) => {
              setValues((prev) => ({ ...prev, [name]: v }))
              if (name === 'questionType') setAnswer('')
            }}
          >
            <Field
              className={s.options}
              label={type === 3 ? text(T.key) : text(T.options)}
              required
              validationMessage={tried && optionError ? optionError : undefined}
              validationState={tried && optionError ? 'error' : 'none'}
              style={{ gridColumn: 'span 24' }}
            >
              <OptionEditor
                type={type}
                options={options}
                answer={answer}
                disabled={readOnly}
                onChange={(o, a) => {
                  setOptions(o)
                  setAnswer(a)
                }}
              />
            </Field>
          </FieldsGrid>
          <FieldsGrid
            fields={BOTTOM}
            values={values}
            lang={lang}
            readOnly={readOnly}
            onChange={(name, v) => setValues((prev) => ({ ...prev, [name]: v }))}
          />
        </>
      )}
    </FormShell>
  )
}
