import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Radio,
  RadioGroup,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useMemo, useState } from 'react'
import { planPersonResource, scoreResource } from '../../shared/resources/safety/exam'
import { RESULT_COLUMNS, safetyExamApi, safetyResultApi, type ResultColumn } from '../../shared/api/safety'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call } from '../shell/request'
import { ActionButton } from './actions'
import { AnswerSheetDialog } from './AnswerSheetDialog'
import { PagedList } from './PagedList'
import { PlanPicker } from './PlanPicker'
import { saveFile } from './exporting'
import { T } from './texts'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalS,
  },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  columns: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: tokens.spacingVerticalXS },
})

const ALL_COLUMNS = Object.keys(RESULT_COLUMNS) as ResultColumn[]
const DEFAULT_COLUMNS: ResultColumn[] = [
  'userCode',
  'userName',
  'deptName',
  'className',
  'score',
  'passed',
  'submitTime',
  'certificateNo',
]

/** 导出成绩 / 后台导出: which columns (checkedItems) in which order, and for a task what to make. */
function ExportDialog({
  background,
  onClose,
  onExport,
}: {
  background: boolean
  onClose: () => void
  onExport: (columns: ResultColumn[], type: number) => void
}) {
  const s = useStyles()
  const text = useText()
  const [columns, setColumns] = useState<ResultColumn[]>(DEFAULT_COLUMNS)
  const [type, setType] = useState('1')
  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ width: 640 }}>
        <DialogBody>
          <DialogTitle>{background ? text(T.exportTask) : text(T.exportScores)}</DialogTitle>
          <DialogContent>
            {background ? (
              <RadioGroup
                layout="horizontal"
                value={type}
                aria-label={text(T.exportType)}
                onChange={(_e, d) => setType(d.value)}
              >
                <Radio value="1" label="成绩单" />
                <Radio value="2" label="证书" />
                <Radio value="3" label="答卷明细" />
              </RadioGroup>
            ) : null}
            {type === '1' ? (
              <div className={s.columns} role="group" aria-label={text(T.columns)}>
                {ALL_COLUMNS.map((c) => (
                  <Checkbox
                    key={c}
                    label={RESULT_COLUMNS[c]}
                    checked={columns.includes(c)}
                    onChange={(_e, d) =>
                      setColumns((list) =>
                        d.checked
                          ? ALL_COLUMNS.filter((x) => list.includes(x) || x === c)
                          : list.filter((x) => x !== c),
                      )
                    }
                  />
                ))}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{text(T.cancel)}</Button>
            <Button
              appearance="primary"
              disabled={type === '1' && !columns.length}
              onClick={() => onExport(columns, Number(type))}
            >
              {text(T.ok)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** 成绩管理: a plan's scores and absentees, answer sheets, 汇总成绩, 生成补考, exports, certificates, 作废答卷. */
export default function ScorePage() {
  const s = useStyles()
  const text = useText()
  const can = usePermissions()
  const [plan, setPlan] = useState({ id: '', name: '' })
  const [tab, setTab] = useState('scores')
  const [signal, setSignal] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [sheet, setSheet] = useState<string | null>(null)
  const [exporting, setExporting] = useState<'direct' | 'task' | null>(null)
  const [includeAbsent, setIncludeAbsent] = useState(true)
  const query = useMemo(() => ({ planId: plan.id }), [plan.id])
  const reload = () => setSignal((n) => n + 1)

  const exportScores = async (columns: ResultColumn[], type: number) => {
    const checkedItems = columns.join(',')
    if (exporting === 'task') {
      try {
        await call(safetyResultApi.score.resultExportTask, {
          query: { examPlanId: plan.id, checkedItems, checkExportType: type },
        })
        notify.success(text(T.taskSubmitted))
      } catch {
        // toasted
      }
    } else
      await saveFile(
        safetyResultApi.score.resultExport,
        { query: { examPlanId: plan.id, checkedItems } },
        `考试成绩_${plan.name}.xlsx`,
      )
    setExporting(null)
  }

  const certificates = async () => {
    if (!selected.size) {
      notify.warning('请选择至少一条数据')
      return
    }
    await saveFile(
      safetyResultApi.score.downloadCCie,
      { body: { ids: [...selected] } },
      selected.size === 1 ? '实验室安全准入证书.pdf' : `实验室安全准入证书_${plan.name}.pdf`,
    )
  }

  return (
    <section className={s.page} aria-label="成绩管理">
      <div className={s.bar}>
        <PlanPicker value={plan.id} onChange={(id, name) => setPlan({ id, name })} />
      </div>
      <div className={s.bar} role="toolbar">
        <ActionButton
          permission="safety_score_collect"
          endpoint={safetyResultApi.score.collectExamData}
          input={{ body: { planId: plan.id } }}
          label={T.collect}
          confirmText={T.confirmCollect}
          size="medium"
          appearance="primary"
          done={(a) => `汇总完成：实考${a.attended}人，缺考${a.absent}人，通过${a.passed}人`}
          onDone={reload}
        />
        {can('safety_score_resit') ? (
          <>
            <ActionButton
              endpoint={safetyResultApi.score.automaticGenerationResit}
              input={{ body: { planId: plan.id, includeAbsent: includeAbsent ? 1 : 0 } }}
              label={T.resit}
              size="medium"
              appearance="secondary"
              done={(a) => `已生成补考计划「${a.planName}」，考生${a.candidates}人`}
            />
            <Checkbox
              label={text(T.includeAbsent)}
              checked={includeAbsent}
              onChange={(_e, d) => setIncludeAbsent(!!d.checked)}
            />
          </>
        ) : null}
        {can('safety_score_export') ? (
          <Button disabled={!plan.id} onClick={() => setExporting('direct')}>
            {text(T.exportScores)}
          </Button>
        ) : null}
        {can('safety_score_exporttask') ? (
          <Button disabled={!plan.id} onClick={() => setExporting('task')}>
            {text(T.exportTask)}
          </Button>
        ) : null}
        {can('safety_score_certificate') ? (
          <Button disabled={!plan.id} onClick={() => void certificates()}>
            {text(T.certificate)}
          </Button>
        ) : null}
      </div>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(String(d.value))}>
        <Tab value="scores">{text(T.scoresTab)}</Tab>
        <Tab value="absent">{text(T.absentTab)}</Tab>
      </TabList>
      {tab === 'scores' ? (
        <PagedList
          def={scoreResource}
          endpoint={safetyResultApi.score.page}
          query={query}
          enabled={!!plan.id}
          reloadSignal={signal}
          selected={selected}
          onSelectedChange={setSelected}
          rowExtra={(row) => (
            <>
              {can('safety_score_view') ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() => setSheet(String(row.paperPersonId))}
                >
                  查看答卷
                </Button>
              ) : null}
              {can('safety_score_delete') ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() =>
                    void (async () => {
                      if (!(await confirm(text(T.confirmVoid)))) return
                      try {
                        await call(safetyExamApi.paperPerson.remove, {
                          query: { ids: String(row.paperPersonId) },
                        })
                        notify.success('作废成功')
                        reload()
                      } catch {
                        // toasted
                      }
                    })()
                  }
                >
                  {text(T.voidSheet)}
                </Button>
              ) : null}
            </>
          )}
        />
      ) : (
        <PagedList
          def={planPersonResource}
          endpoint={safetyResultApi.score.unEnterForPage}
          query={query}
          enabled={!!plan.id}
          reloadSignal={signal}
        />
      )}
      {sheet ? <AnswerSheetDialog id={sheet} onClose={() => setSheet(null)} /> : null}
      {exporting ? (
        <ExportDialog
          background={exporting === 'task'}
          onClose={() => setExporting(null)}
          onExport={(c, t) => void exportScores(c, t)}
        />
      ) : null}
    </section>
  )
}
