import {
  Button,
  Input,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, EditRegular, SaveRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { competitionParameterApi as api, type Address, type Parameter } from '../../shared/api/competition'
import { competitionParameterResource } from '../../shared/resources/competition'
import type { FieldDef } from '../../shared/resource/types'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { notify, usePermissions } from '../resource/shell-adapter'
import { FieldGrid, bodyOf, useForm, valuesOf } from './kit/Form'
import { useGridStyles } from './kit/grid'
import { useApplyOptions } from './kit/options'
import { YearPick } from './kit/YearPick'

/** 竞赛参数 (A.1): the 学年's parameters, read-only until 修改; venues edited and saved with them. */

const T = {
  title: { zh: '竞赛参数', en: 'Competition settings' },
  basic: { zh: '基本参数', en: 'Parameters' },
  venues: { zh: '比赛地点', en: 'Venues' },
  edit: { zh: '修改', en: 'Edit' },
  save: { zh: '保存', en: 'Save' },
  cancel: { zh: '取消', en: 'Cancel' },
  saved: { zh: '保存成功', en: 'Saved' },
  addVenue: { zh: '新增地点', en: 'Add venue' },
  name: { zh: '地点名称', en: 'Venue' },
  campus: { zh: '校区', en: 'Campus' },
  capacity: { zh: '容纳人数', en: 'Capacity' },
  status: { zh: '状态', en: 'Status' },
  sort: { zh: '排序', en: 'Sort' },
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
  enable: { zh: '启用', en: 'Enable' },
  disable: { zh: '停用', en: 'Disable' },
  unsaved: {
    zh: '本学年尚未设置参数，以下为默认值',
    en: 'Not set for this year yet: the defaults are shown',
  },
  noVenue: { zh: '暂无比赛地点', en: 'No venues yet' },
}

const FIELDS = (competitionParameterResource.fields as readonly FieldDef[]).filter(
  (f) => f.name !== 'academicYear',
)

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '1000px' },
  note: { color: tokens.colorNeutralForeground3 },
  cellInput: { width: '100%' },
  off: { color: tokens.colorNeutralForeground4 },
})

type VenueDraft = Partial<Address> & { key: string }

export default function ParameterPage() {
  const s = useStyles()
  const g = useGridStyles()
  const text = useText()
  const can = usePermissions()
  const options = useApplyOptions()
  const [year, setYear] = useState('')
  const [tab, setTab] = useState<'basic' | 'venues'>('basic')
  const [param, setParam] = useState<Parameter | null>(null)
  const [venues, setVenues] = useState<VenueDraft[]>([])
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState(false)
  const form = useForm(FIELDS, {})

  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])

  const load = useCallback(async () => {
    if (!year) return
    const [p, v] = await Promise.all([
      call(api.currentData, { query: { academicYear: year } }),
      call(api.addressPage, { query: { current: 1, size: 500 } }),
    ])
    setParam(p)
    form.reset(valuesOf(FIELDS, p as never))
    setVenues(v.records.map((a) => ({ ...a, key: a.id })))
    // form.reset is stable enough for a reload
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [year])

  useEffect(() => {
    setEditing(false)
    void load().catch(() => undefined)
  }, [load])

  const save = async () => {
    if (!form.check()) {
      setTab('basic')
      return
    }
    setBusy(true)
    try {
      const addresses = venues
        .filter((v) => v.id || (v.addressName ?? '').trim())
        .map((v) => ({
          id: v.id,
          addressName: (v.addressName ?? '').trim(),
          campusArea: v.campusArea ?? null,
          capacity:
            v.capacity === null || v.capacity === undefined || String(v.capacity) === ''
              ? null
              : Number(v.capacity),
          status: v.status ?? 1,
          sort: v.sort ?? 0,
        }))
      await call(api.submit, {
        body: { ...bodyOf(form.values), academicYear: year, addresses } as never,
      })
      notify.success(text(T.saved))
      setEditing(false)
      await load()
    } catch {
      // the server's message was shown
    } finally {
      setBusy(false)
    }
  }

  const patch = (key: string, values: Partial<Address>) =>
    setVenues((list) => list.map((v) => (v.key === key ? { ...v, ...values } : v)))

  return (
    <section className={g.page} aria-label={text(T.title)}>
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
        <span className={g.spacer} />
        {editing ? (
          <>
            <Button onClick={() => void load().then(() => setEditing(false))} disabled={busy}>
              {text(T.cancel)}
            </Button>
            <Button appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={busy}>
              {text(T.save)}
            </Button>
          </>
        ) : can('competition_parameter_edit') ? (
          <Button
            appearance="primary"
            icon={<EditRegular />}
            onClick={() => setEditing(true)}
            disabled={!param}
          >
            {text(T.edit)}
          </Button>
        ) : null}
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'basic' | 'venues')}>
        <Tab value="basic">{text(T.basic)}</Tab>
        <Tab value="venues">{text(T.venues)}</Tab>
      </TabList>
      {tab === 'basic' && param ? (
        <div className={s.card}>
          {!param.id ? <span className={s.note}>{text(T.unsaved)}</span> : null}
          <FieldGrid fields={FIELDS} form={form} view={!editing} disabled={busy} />
        </div>
      ) : null}
      {tab === 'venues' ? (
        <div className={s.card}>
          {editing ? (
            <div>
              <Button
                icon={<AddRegular />}
                onClick={() =>
                  setVenues((list) => [
                    ...list,
                    { key: `new-${Date.now()}`, addressName: '', status: 1, sort: list.length },
                  ])
                }
              >
                {text(T.addVenue)}
              </Button>
            </div>
          ) : null}
          <Table aria-label={text(T.venues)} size="small">
            <TableHeader>
              <TableRow>
                {[T.name, T.campus, T.capacity, T.sort, T.status].map((h) => (
                  <TableHeaderCell key={h.zh}>{text(h)}</TableHeaderCell>
                ))}
                {editing ? <TableHeaderCell /> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {venues.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className={s.note}>
                    {text(T.noVenue)}
                  </TableCell>
                </TableRow>
              ) : null}
              {venues.map((v) => (
                <TableRow key={v.key} className={v.status === 0 ? s.off : undefined}>
                  {(['addressName', 'campusArea', 'capacity', 'sort'] as const).map((k) => (
                    <TableCell key={k}>
                      {editing ? (
                        <Input
                          className={s.cellInput}
                          aria-label={text(
                            k === 'addressName'
                              ? T.name
                              : k === 'campusArea'
                                ? T.campus
                                : k === 'capacity'
                                  ? T.capacity
                                  : T.sort,
                          )}
                          type={k === 'capacity' || k === 'sort' ? 'number' : 'text'}
                          value={v[k] === null || v[k] === undefined ? '' : String(v[k])}
                          onChange={(_, d) => patch(v.key, { [k]: d.value } as Partial<Address>)}
                        />
                      ) : (
                        String(v[k] ?? '')
                      )}
                    </TableCell>
                  ))}
                  <TableCell>{text(v.status === 0 ? T.disabled : T.enabled)}</TableCell>
                  {editing ? (
                    <TableCell>
                      <Button
                        size="small"
                        appearance="transparent"
                        onClick={() => patch(v.key, { status: v.status === 0 ? 1 : 0 })}
                      >
                        {text(v.status === 0 ? T.enable : T.disable)}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </section>
  )
}
