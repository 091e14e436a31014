import {
  Badge,
  Button,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { paperResource, QUESTION_TYPE_NAMES, type QuestionType } from '../../shared/resources/safety/bank'
import {
  checkProportions,
  parseProportions,
  type Proportion,
} from '../../shared/resources/safety/proportions'
import { judgeText } from '../../shared/resources/safety/question-rules'
import { safetyBankApi, type GeneratedQuestion } from '../../shared/api/safety'
import { notify, useLang, usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { FieldsGrid, FormShell, fieldErrors } from './FormShell'
import { ProportionRows } from './ProportionRows'
import { T } from './texts'

type Row = Record<string, unknown>
const ALL = paperResource.fields as readonly FieldDef[]
const FIELDS = ALL.filter((f) =>
  ['paperName', 'paperMode', 'status', 'multiplePartial', 'labelIds', 'remark'].includes(f.name),
)
const TYPES: [QuestionType, string, string][] = [
  [1, 'singleCount', 'singleScore'],
  [2, 'multipleCount', 'multipleScore'],
  [3, 'judgeCount', 'judgeScore'],
]

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr) auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'end',
  },
  pair: { display: 'flex', gap: tokens.spacingHorizontalS },
  total: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  stem: { whiteSpace: 'normal' },
  options: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
})

/** Σ count × score (the live 总分). */
export function paperTotal(v: Row): number {
  const sum = TYPES.reduce((s, [, c, sc]) => s + (Number(v[c]) || 0) * (Number(v[sc]) || 0), 0)
  return Math.round(sum * 10) / 10
}

/** 组卷: counts and scores per 题型 with a live 总分, proportion rows, 按比例组卷, replace or drop, preview. */
export function PaperDialog({
  id,
  readOnly,
  onClose,
  onSaved,
}: {
  id?: string
  readOnly?: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const lang = useLang()
  const text = useText()
  const can = usePermissions()
  const [values, setValues] = useState<Row>({
    paperMode: 1,
    status: 1,
    multiplePartial: 0,
    singleCount: 30,
    singleScore: 2,
    multipleCount: 10,
    multipleScore: 2,
    judgeCount: 20,
    judgeScore: 1,
  })
  const [proportions, setProportions] = useState<Proportion[]>([])
  const [questions, setQuestions] = useState<GeneratedQuestion[]>([])
  const [loading, setLoading] = useState(!!id)
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)

  useEffect(() => {
    if (!id) return
    let live = true
    void call(safetyBankApi.paper.detail, { query: { id } })
      .then((p) => {
        if (!live) return
        setValues({ ...p, labelIds: p.labelIds ? String(p.labelIds).split(',') : [] })
        setProportions(parseProportions(p.categoryProportion) ?? [])
        setQuestions(p.questions)
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [id])

  const mode = Number(values.paperMode || 1)
  const total = paperTotal(values)
  const errors = useMemo(() => fieldErrors(FIELDS, values), [values])
  const proportionError = proportions.length || mode === 2 ? checkProportions(proportions) : null
  const countOf = (type: number) => questions.filter((q) => q.questionType === type).length

  const labelIds = () =>
    Array.isArray(values.labelIds) ? (values.labelIds as string[]).join(',') : String(values.labelIds ?? '')
  const draw = async (single: number, multiple: number, judge: number, rows: Proportion[]) =>
    call(safetyBankApi.question.fixedExamQuestionGeneration, {
      query: {
        categoryProportionArray: JSON.stringify(rows),
        singleCount: single,
        multipleCount: multiple,
        judgeCount: judge,
        labelIds: labelIds() || undefined,
      },
    })

  const generate = async () => {
    if (proportionError) {
      notify.warning(proportionError)
      return
    }
    setBusy(true)
    try {
      const result = await draw(
        Number(values.singleCount) || 0,
        Number(values.multipleCount) || 0,
        Number(values.judgeCount) || 0,
        proportions,
      )
      setQuestions(result.questions)
    } catch {
      // toasted (题库题目不足：…)
    } finally {
      setBusy(false)
    }
  }

  /** 替换: another question of the same type and category, not already on the paper. */
  const replace = async (q: GeneratedQuestion) => {
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const counts = [
          q.questionType === 1 ? 1 : 0,
          q.questionType === 2 ? 1 : 0,
          q.questionType === 3 ? 1 : 0,
        ] as const
        const {
          questions: [other],
        } = await draw(counts[0], counts[1], counts[2], [{ categoryId: q.categoryId, proportion: 100 }])
        if (other && !questions.some((x) => x.id === other.id)) {
          setQuestions((list) => list.map((x) => (x.id === q.id ? other : x)))
          return
        }
      }
      notify.warning('该分类没有可替换的题目')
    } catch {
      // toasted
    }
  }

  const save = async () => {
    setTried(true)
    if (Object.keys(errors).length || (mode === 2 && proportionError)) return
    setBusy(true)
    try {
      await call(safetyBankApi.paper.submit, {
        body: {
          ...Object.fromEntries(
            [
              ...FIELDS.map((f) => f.name),
              'singleCount',
              'singleScore',
              'multipleCount',
              'multipleScore',
              'judgeCount',
              'judgeScore',
            ].map((n) => [n, Array.isArray(values[n]) ? (values[n] as string[]).join(',') : values[n]]),
          ),
          ...(id ? { id } : {}),
          categoryProportion: proportions.length ? JSON.stringify(proportions) : null,
          ...(mode === 1 ? { questionIds: questions.map((q) => q.id).join(',') } : {}),
        } as never,
      })
      onSaved()
    } catch {
      // toasted
    } finally {
      setBusy(false)
    }
  }

  const set = (name: string, v: unknown) => setValues((prev) => ({ ...prev, [name]: v }))

  return (
    <FormShell
      title={`${readOnly ? text(T.view) : id ? text(T.edit) : '新增'}试卷`}
      width={1100}
      busy={busy}
      readOnly={readOnly}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      {loading ? (
        <Spinner size="small" />
      ) : (
        <>
          <FieldsGrid
            fields={FIELDS}
            values={values}
            errors={tried ? errors : {}}
            lang={lang}
            readOnly={readOnly}
            onChange={set}
          />
          <div className={s.section}>
            <div className={s.counts}>
              {TYPES.map(([type, count, score]) => (
                <Field key={type} label={`${QUESTION_TYPE_NAMES[type]}（题数 × 分值）`}>
                  <div className={s.pair}>
                    <Input
                      type="number"
                      aria-label={`${QUESTION_TYPE_NAMES[type]}题数`}
                      value={String(values[count] ?? '')}
                      min={0}
                      max={200}
                      disabled={readOnly}
                      onChange={(_e, d) => set(count, d.value === '' ? '' : Number(d.value))}
                    />
                    <Input
                      type="number"
                      aria-label={`${QUESTION_TYPE_NAMES[type]}分值`}
                      value={String(values[score] ?? '')}
                      step={0.5}
                      min={0.5}
                      max={20}
                      disabled={readOnly}
                      onChange={(_e, d) => set(score, d.value === '' ? '' : Number(d.value))}
                    />
                  </div>
                </Field>
              ))}
              <Text className={s.total} aria-label={text(T.totalScore)}>
                {text(T.totalScore)}：{total}
              </Text>
            </div>
          </div>
          <div className={s.section}>
            <Field
              label={text(T.proportions)}
              required={mode === 2}
              validationMessage={tried && proportionError ? proportionError : undefined}
              validationState={tried && proportionError ? 'error' : 'none'}
            >
              <ProportionRows rows={proportions} onChange={setProportions} disabled={readOnly} />
            </Field>
          </div>
          {mode === 1 ? (
            <div className={s.section}>
              <div className={s.toolbar}>
                <Text weight="semibold">{text(T.questions)}</Text>
                {TYPES.map(([type, count]) => (
                  <Badge
                    key={type}
                    appearance="tint"
                    color={countOf(type) === Number(values[count] || 0) ? 'success' : 'danger'}
                  >
                    {QUESTION_TYPE_NAMES[type]} {countOf(type)}/{Number(values[count] || 0)}
                  </Badge>
                ))}
                {!readOnly && can('safety_paper_generate') ? (
                  <Button appearance="primary" size="small" disabled={busy} onClick={() => void generate()}>
                    {text(T.generate)}
                  </Button>
                ) : null}
              </div>
              <Table size="small" aria-label={text(T.preview)}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell style={{ width: 48 }}>#</TableHeaderCell>
                    <TableHeaderCell style={{ width: 80 }}>题型</TableHeaderCell>
                    <TableHeaderCell style={{ width: 160 }}>分类</TableHeaderCell>
                    <TableHeaderCell>题干</TableHeaderCell>
                    <TableHeaderCell style={{ width: 80 }}>{text(T.key)}</TableHeaderCell>
                    {readOnly ? null : <TableHeaderCell style={{ width: 130 }} />}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {[...questions]
                    .sort((a, b) => a.questionType - b.questionType)
                    .map((q, i) => (
                      <TableRow key={q.id}>
                        <TableCell>{i + 1}</TableCell>
                        <TableCell>{QUESTION_TYPE_NAMES[q.questionType as QuestionType]}</TableCell>
                        <TableCell>{q.categoryName}</TableCell>
                        <TableCell className={s.stem}>
                          {q.stem}
                          <div className={s.options}>
                            {q.options.map((o) => `${o.key}. ${o.text}`).join('　')}
                          </div>
                        </TableCell>
                        <TableCell>{q.questionType === 3 ? judgeText(q.answer) : q.answer}</TableCell>
                        {readOnly ? null : (
                          <TableCell>
                            <Button size="small" appearance="transparent" onClick={() => void replace(q)}>
                              {text(T.replace)}
                            </Button>
                            <Button
                              size="small"
                              appearance="transparent"
                              onClick={() => setQuestions((list) => list.filter((x) => x.id !== q.id))}
                            >
                              {text(T.remove)}
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </>
      )}
    </FormShell>
  )
}
