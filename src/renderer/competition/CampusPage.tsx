import { Button } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { competitionParameterApi as api, type CampusRow } from '../../shared/api/competition'
import { competitionCampusResource } from '../../shared/resources/competition'
import type { FieldDef } from '../../shared/resource/types'
import { Facts } from '../flow/ProcessLayout'
import { call } from '../shell/request'
import { notify, usePermissions } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { FieldGrid, bodyOf, useForm, valuesOf } from './kit/Form'
import { AreaGrid, useGridStyles, usePaged, viewDef, column } from './kit/grid'
import { Modal } from './kit/Modal'
import { useApplyOptions } from './kit/options'
import { YearPick } from './kit/YearPick'

/** 校赛数据 (A.2): a row per college for the 学年, 未填报/已填报; 填报 shows the system's counts above the figures. */

const ENTERED = (competitionCampusResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && !['academicYear', 'deptSerial', 'attachIds'].includes(f.name),
)

const col = (name: string, zh: string, width = 100, type: FieldDef['type'] = 'int') =>
  column(name, zh, width, type)

const LIST = viewDef('competitionCampusList', { zh: '校赛数据', en: 'Campus data' }, [
  col('deptName', '院系', 180, 'string'),
  col('statusText', '状态', 80, 'string'),
  col('projectCount', '立项项目'),
  col('entryCount', '报名数'),
  col('participantCount', '参赛学生'),
  col('awardNational', '国家级获奖'),
  col('awardProvincial', '省部级获奖'),
  col('awardSchool', '校级及以下获奖', 120),
  col('campusCount', '院级竞赛场次', 110),
  col('campusParticipants', '参赛人次'),
  col('campusAwards', '获奖人次'),
  col('fundsInvested', '经费投入（元）', 120, 'decimal'),
  col('fillUserName', '填报人', 90, 'string'),
  col('fillTime', '填报时间', 160, 'string'),
])

export default function CampusPage() {
  const g = useGridStyles()
  const can = usePermissions()
  const options = useApplyOptions()
  const [year, setYear] = useState('')
  const [open, setOpen] = useState<{ row: CampusRow; edit: boolean } | null>(null)
  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])
  const paged = usePaged((p) => call(api.campusPage, { query: { ...p, academicYear: year } }), year)
  const rows = paged.rows.map((r) => ({ ...r, statusText: r.status === 1 ? '已填报' : '未填报' }))
  return (
    <section className={g.page} aria-label="校赛数据">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
      </div>
      <AreaGrid
        def={LIST}
        rows={rows}
        keyOf={(r) => r.deptSerial}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        paged={paged as never}
        buttonsWidth={130}
        buttons={(row) => (
          <RowActions
            actions={[
              {
                label: '填报',
                show: can('competition_campus_edit'),
                onClick: () => setOpen({ row, edit: true }),
              },
              {
                label: '查看',
                show: can('competition_campus_view'),
                onClick: () => setOpen({ row, edit: false }),
              },
            ]}
          />
        )}
      />
      {open ? (
        <CampusDialog
          row={open.row}
          year={year}
          edit={open.edit}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null)
            paged.reload()
          }}
        />
      ) : null}
    </section>
  )
}

function CampusDialog({
  row,
  year,
  edit,
  onClose,
  onSaved,
}: {
  row: CampusRow
  year: string
  edit: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const form = useForm(ENTERED, valuesOf(ENTERED, row as never))
  const [busy, setBusy] = useState(false)
  const [fresh, setFresh] = useState<CampusRow>(row)
  useEffect(() => {
    void call(api.campusDetail, { query: { deptSerial: row.deptSerial, academicYear: year } })
      .then((r) => {
        setFresh(r)
        form.reset(valuesOf(ENTERED, r as never))
      })
      .catch(() => undefined)
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row.deptSerial, year])
  const save = async () => {
    if (!form.check()) return
    setBusy(true)
    try {
      await call(api.submitCampus, {
        body: { ...bodyOf(form.values), academicYear: year, deptSerial: row.deptSerial } as never,
      })
      notify.success('填报成功')
      onSaved()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      title={`校赛数据：${row.deptName}（${year}学年）`}
      onClose={onClose}
      busy={busy}
      actions={
        edit ? (
          <>
            <Button onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button appearance="primary" onClick={() => void save()} disabled={busy}>
              提交
            </Button>
          </>
        ) : undefined
      }
    >
      <Facts
        rows={[
          ['立项项目数', String(fresh.projectCount)],
          ['报名数', String(fresh.entryCount)],
          ['参赛学生数', String(fresh.participantCount)],
          ['国家级及以上获奖', String(fresh.awardNational)],
          ['省部级获奖', String(fresh.awardProvincial)],
          ['校级及以下获奖', String(fresh.awardSchool)],
        ]}
      />
      <FieldGrid fields={ENTERED} form={form} view={!edit} disabled={busy} />
    </Modal>
  )
}
