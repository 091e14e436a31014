import {
  Button,
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
import { useCallback, useEffect, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import { planScopeResource } from '../../shared/resources/safety/exam'
import { safetyPlanApi, type PlanScope } from '../../shared/api/safety'
import { confirm, notify, useLang } from '../resource/shell-adapter'
import { FieldValue } from '../resource/FieldControl'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { FieldsGrid, FormShell, fieldErrors } from './FormShell'
import { T } from './texts'

const FIELDS = (planScopeResource.fields as readonly FieldDef[]).filter((f) => f.form !== false)
const useStyles = makeStyles({
  add: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalS },
})

/** 考试范围: who the plan is for (人员类型, 院系, 专业, 年级, 班级), each row with its matched count. */
export function ScopeDialog({
  planId,
  planName,
  onClose,
}: {
  planId: string
  planName: string
  onClose: () => void
}) {
  const s = useStyles()
  const lang = useLang()
  const text = useText()
  const [rows, setRows] = useState<PlanScope[]>([])
  const [values, setValues] = useState<Record<string, unknown>>({ userType: 1 })
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const load = useCallback(() => {
    void call(safetyPlanApi.scope.list, { query: { planId } })
      .then(setRows)
      .catch(() => undefined)
  }, [planId])
  useEffect(load, [load])
  const staff = Number(values.userType) === 2
  const fields = FIELDS.filter((f) => !staff || ['userType', 'deptSerial'].includes(f.name))
  const errors = fieldErrors(fields, values)
  const add = async () => {
    setTried(true)
    if (Object.keys(errors).length) return
    setBusy(true)
    try {
      await call(safetyPlanApi.scope.submit, {
        body: { planId, ...Object.fromEntries(fields.map((f) => [f.name, values[f.name]])) } as never,
      })
      notify.success(text(T.saved))
      setValues({ userType: values.userType })
      setTried(false)
      load()
    } catch {
      // toasted
    } finally {
      setBusy(false)
    }
  }
  const remove = async (id: string) => {
    if (!(await confirm('确定删除该考试范围？'))) return
    try {
      await call(safetyPlanApi.scope.remove, { query: { ids: id } })
      load()
    } catch {
      // toasted
    }
  }
  const total = rows.reduce((sum, r) => sum + (r.matchCount ?? 0), 0)
  return (
    <FormShell title={`${text(T.scope)}：${planName}`} width={960} readOnly onClose={onClose}>
      <Table size="small" aria-label={text(T.scope)}>
        <TableHeader>
          <TableRow>
            {FIELDS.map((f) => (
              <TableHeaderCell key={f.name}>{f.label.zh}</TableHeaderCell>
            ))}
            <TableHeaderCell>{text(T.matched)}</TableHeaderCell>
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {FIELDS.map((f) => (
                <TableCell key={f.name}>
                  <FieldValue
                    field={f}
                    value={(r as unknown as Record<string, unknown>)[f.name]}
                    lang={lang}
                  />
                </TableCell>
              ))}
              <TableCell>{r.matchCount ?? 0}</TableCell>
              <TableCell>
                <Button size="small" appearance="transparent" onClick={() => void remove(r.id)}>
                  {text(T.delete)}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Text>
        共 {rows.length} 条范围，匹配 {total} 人（未开通账号者发布时不加入）
      </Text>
      <FieldsGrid
        fields={fields}
        values={values}
        errors={tried ? errors : {}}
        lang={lang}
        onChange={(n, v) => setValues((p) => ({ ...p, [n]: v }))}
      />
      <div className={s.add}>
        <Button appearance="primary" disabled={busy} onClick={() => void add()}>
          {text(T.addScope)}
        </Button>
      </div>
    </FormShell>
  )
}
