import { Button, Select, Spinner, Tab, TabList } from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import { teachParameterApi, yearList } from '../../shared/api/teach'
import type { FieldDef } from '../../shared/resource/types'
import { teachParameterResource } from '../../shared/resources/teach/parameter'
import { WEEKDAY_OPTIONS } from '../../shared/resources/teach/codes'
import { optionsOf } from '../../shared/resources/teach/common'
import { formFromRow } from '../resource/fields'
import { notify, useLang, usePermissions } from '../resource/shell-adapter'
import { FieldsGrid, fieldErrors } from '../safety/FormShell'
import { call, quietCall } from '../shell/request'
import { ParameterTimeList } from './ParameterTimePage'
import { useTeachStyles, useTerm, type Row, type TermRow } from './shared'

/** The form's fields: the term is the tab; 上课日 picked from the weekdays. */
const FIELDS: FieldDef[] = teachParameterResource.fields
  .filter((f) => f.name !== 'academicYearId')
  .map((f) =>
    f.name === 'teachingWeekdays'
      ? { ...f, control: 'multiselect', options: optionsOf(WEEKDAY_OPTIONS) }
      : f.name === 'holidays'
        ? { ...f, control: 'textarea', span: 24 }
        : f,
  )

function TermParameters({ termId }: { termId: string }) {
  const lang = useLang()
  const can = usePermissions()
  const [saved, setSaved] = useState<Row | null>(null)
  const [values, setValues] = useState<Row>({})
  const [editing, setEditing] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [signal, setSignal] = useState(0)

  useEffect(() => {
    let live = true
    setSaved(null)
    setEditing(false)
    call(teachParameterApi.detailByTerm, { query: { academicYearId: termId } })
      .then((row) => {
        if (!live) return
        const form = formFromRow(teachParameterResource, row as unknown as Row)
        setSaved({ ...form, id: row.id })
        setValues(form)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [termId, signal])

  const save = async () => {
    const found = fieldErrors(FIELDS, values)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await call(teachParameterApi.submit, {
        body: { ...values, academicYearId: termId, id: saved?.id || undefined },
      })
      notify.success('教学参数已保存')
      setEditing(false)
      setSignal((n) => n + 1)
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }

  if (!saved) return <Spinner size="small" />
  return (
    <>
      <FieldsGrid
        fields={FIELDS}
        values={values}
        errors={errors}
        lang={lang}
        readOnly={!editing}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <div style={{ display: 'flex', gap: 8, margin: '12px 0' }}>
        {editing ? (
          <>
            <Button appearance="primary" disabled={busy} onClick={() => void save()}>
              保存
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                setValues(saved)
                setErrors({})
                setEditing(false)
              }}
            >
              取消
            </Button>
          </>
        ) : can('teach_parameter_edit') ? (
          <Button appearance="primary" onClick={() => setEditing(true)}>
            修改
          </Button>
        ) : null}
        {saved.id ? null : <span style={{ alignSelf: 'center' }}>该学期尚未设置教学参数（显示默认值）</span>}
      </div>
      <div style={{ fontWeight: 600, marginTop: 8 }}>作息时间</div>
      <div style={{ height: 480, display: 'flex' }}>
        <ParameterTimeList key={`${termId}-${signal}`} termId={termId} />
      </div>
    </>
  )
}

/** 教学参数: a 学年, a tab per term of it, the term's parameters (read-only until 修改) and 作息时间. */
export default function ParameterPage() {
  const s = useTeachStyles()
  const { terms: allTerms, termId, setTermId } = useTerm()
  const terms = allTerms as TermRow[]
  const [years, setYears] = useState<{ dictKey: string; dictValue: string }[]>([])
  const [year, setYear] = useState('')
  useEffect(() => {
    quietCall(yearList)
      .then(setYears)
      .catch(() => setYears([]))
  }, [])
  // The 学年 of the chosen term (the current one at first).
  const termYear = String(terms.find((t) => t.dictKey === termId)?.academicYear ?? '')
  const shownYear = year || termYear || years[0]?.dictKey || ''
  const yearTerms = useMemo(
    () => terms.filter((t) => String(t.academicYear) === shownYear),
    [terms, shownYear],
  )
  const tab = yearTerms.some((t) => t.dictKey === termId) ? termId : (yearTerms[0]?.dictKey ?? '')
  return (
    <section className={s.page} style={{ overflowY: 'auto' }} aria-label="教学参数">
      <div className={s.bar}>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span>学年</span>
          <Select aria-label="学年" value={shownYear} onChange={(_, d) => setYear(d.value)}>
            {years.map((y) => (
              <option key={y.dictKey} value={y.dictKey}>
                {y.dictValue}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTermId(String(d.value))}>
        {yearTerms.map((t) => (
          <Tab key={t.dictKey} value={t.dictKey}>
            {t.dictValue}
          </Tab>
        ))}
      </TabList>
      {tab ? <TermParameters key={tab} termId={tab} /> : <div className={s.muted}>该学年没有学期</div>}
    </section>
  )
}
