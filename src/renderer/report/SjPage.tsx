import { Button, Switch, Tab, TabList, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  BeakerRegular,
  CheckmarkCircleRegular,
  DocumentTextRegular,
  ListRegular,
  SendRegular,
} from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { sjApi, type CheckItem, type CheckResult } from '../../shared/api/report'
import { txtFileName } from '../../shared/resources/report/settings'
import { REPORT_TABLES, tableTitle } from '../../shared/resources/report/tables'
import { useLanguage } from '../i18n'
import { FormDialog } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { call, request, toRequest } from '../shell/request'
import { CheckDrawer } from './CheckDrawer'
import { saveFile } from './common'
import { EquipmentPicker } from './EquipmentPicker'
import { ImportDialog } from './ImportDialog'
import { rowGridDef, tableOfPath } from './rows'
import { ScopeBar } from './ScopeBar'
import { Sj1Statistics } from './Sj1Statistics'
import { SingleRecord } from './SingleRecord'
import { SubmitDialog } from './SubmitDialog'
import { useReportScope } from './useReportScope'

const useStyles = makeStyles({
  page: { height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 },
  body: { flex: 1, minHeight: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0`,
  },
})

type Dialog =
  { kind: 'import' } | { kind: 'equipment' } | { kind: 'submit' } | { kind: 'row'; id: string } | null

/**
 * An SJ screen (`/report/sj1` … `/report/sj7`): the scope bar, the screen's buttons (抽取数据, 校验,
 * 导入, SJ1's 导入设备, 提交, 导出TXT, 导出Excel, each by its permission code) and the rows — a list-and-edit grid
 * with a 校验 column and 只看有问题的行, or for SJ2 / SJ7 the one record beside the values implied.
 */
export default function SjPage() {
  const s = useStyles()
  const table = tableOfPath(useLocation().pathname)
  const def = REPORT_TABLES[table]
  const lang = useLanguage((x) => x.language)
  const can = usePermissions()
  const scope = useReportScope(table)
  const api = sjApi[table]
  const [problemsOnly, setProblemsOnly] = useState(false)
  const [check, setCheck] = useState<CheckResult | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [reload, setReload] = useState(0)
  // The list total: exports of more than 20,000 rows go through 下载中心.
  const [total, setTotal] = useState(0)
  const [busy, setBusy] = useState('')
  // SJ1: 数据 (the grid) or 统计 (statisticalByConditions charts)
  const [view, setView] = useState<'rows' | 'stats'>('rows')
  const { query } = scope
  const grant = (action: string) => can(`report_${table}_${action}`)
  const college = scope.collegeSerialNum
  const task = scope.data?.task ?? null

  const fixedQuery = useMemo(
    () => ({ ...query, ...(problemsOnly ? { checkLevel: 'problem' } : {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scope.taskSerialNum, college, problemsOnly],
  )

  const changed = () => {
    setReload((n) => n + 1)
    scope.refresh()
  }

  async function run(label: string, work: () => Promise<void>) {
    if (busy) return
    setBusy(label)
    try {
      await work()
    } catch {
      // the failed call showed the server's message
    } finally {
      setBusy('')
    }
  }

  const needCollege = () => {
    if (!college) notify.warning('请先选择学院')
    return !!college
  }

  const extract = () =>
    run('extract', async () => {
      if (!needCollege()) return
      if (!(await confirm(`从业务数据抽取${def.short}，将按规则替换或更新本学院的数据，是否继续？`))) return
      const r = await call(api.extractData, { query, body: query })
      notify.success(
        `抽取完成，共${r.rows}条`,
        [`新增${r.added}条，更新${r.updated}条，删除${r.removed}条`, ...r.notes].join('；'),
      )
      changed()
    })

  const runCheck = () =>
    run('check', async () => {
      if (!needCollege()) return
      // SJ7's checkData is a POST (the catalogue's method), the others GET
      const endpoint = api.checkData
      const result = await request<CheckResult>({
        ...toRequest(endpoint, { query } as never),
        ...(endpoint.method === 'POST' ? { body: query } : {}),
      })
      setCheck(result)
      changed()
    })

  const exportTxt = () =>
    run('txt', async () => {
      const name = task ? txtFileName(task.settings, table, task.schoolCode) : `${def.short}.txt`
      await saveFile(api.exportTxt, { query }, name, total)
    })

  const exportExcel = () =>
    run('excel', async () => {
      await saveFile(api.exportExcel, { query }, `${tableTitle(table)}.xlsx`, total)
    })

  const pick = (item: CheckItem) => {
    if (item.rowId && table !== 'sj5') setDialog({ kind: 'row', id: item.rowId })
  }

  const buttons = (
    <>
      {grant('extract') ? (
        <Button icon={<BeakerRegular />} disabled={!!busy} onClick={() => void extract()}>
          抽取数据
        </Button>
      ) : null}
      {grant('check') ? (
        <Button icon={<CheckmarkCircleRegular />} disabled={!!busy} onClick={() => void runCheck()}>
          校验
        </Button>
      ) : null}
      {grant('import') ? (
        <Button
          icon={<ArrowUploadRegular />}
          disabled={!!busy}
          onClick={() => needCollege() && setDialog({ kind: 'import' })}
        >
          导入
        </Button>
      ) : null}
      {table === 'sj1' && grant('importequipment') ? (
        <Button
          icon={<ListRegular />}
          disabled={!!busy}
          onClick={() => needCollege() && setDialog({ kind: 'equipment' })}
        >
          导入设备
        </Button>
      ) : null}
      {grant('submit') ? (
        <Button
          icon={<SendRegular />}
          disabled={!!busy}
          onClick={() => needCollege() && setDialog({ kind: 'submit' })}
        >
          提交
        </Button>
      ) : null}
      {grant('exporttxt') ? (
        <Tooltip content="不选学院时导出全校文件" relationship="description">
          <Button icon={<DocumentTextRegular />} disabled={!!busy} onClick={() => void exportTxt()}>
            导出TXT
          </Button>
        </Tooltip>
      ) : null}
      {grant('exportexcel') ? (
        <Button icon={<ArrowDownloadRegular />} disabled={!!busy} onClick={() => void exportExcel()}>
          导出Excel
        </Button>
      ) : null}
    </>
  )

  return (
    <div className={s.page} aria-label={tableTitle(table)}>
      <ScopeBar scope={scope} table={table} />
      {table === 'sj1' && scope.taskSerialNum ? (
        <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as 'rows' | 'stats')}>
          <Tab value="rows">数据</Tab>
          <Tab value="stats">统计</Tab>
        </TabList>
      ) : null}
      {!scope.taskSerialNum ? null : table === 'sj1' && view === 'stats' ? (
        <div className={s.body}>
          <Sj1Statistics key={reload} query={query} />
        </div>
      ) : def.single ? (
        <>
          <div className={s.toolbar} role="toolbar">
            {buttons}
          </div>
          <SingleRecord table={table} scope={scope} reloadSignal={reload} onSaved={changed} />
        </>
      ) : (
        <div className={s.body}>
          <ResourcePage
            key={`${scope.taskSerialNum}|${college}`}
            def={rowGridDef(table)}
            fixedQuery={fixedQuery}
            listPath={table === 'sj5' ? api.getApplyData.path : undefined}
            extraBody={query}
            reloadSignal={reload}
            onTotal={setTotal}
            toolbarExtra={
              <>
                {buttons}
                <Switch
                  label="只看有问题的行"
                  checked={problemsOnly}
                  onChange={(_, d) => setProblemsOnly(d.checked)}
                />
              </>
            }
          />
        </div>
      )}
      {check ? <CheckDrawer result={check} onClose={() => setCheck(null)} onPick={pick} /> : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          table={table}
          scope={query}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null)
            changed()
          }}
        />
      ) : null}
      {dialog?.kind === 'equipment' ? (
        <EquipmentPicker
          scope={query}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null)
            changed()
          }}
        />
      ) : null}
      {dialog?.kind === 'submit' ? (
        <SubmitDialog
          table={table}
          scope={query}
          onClose={() => setDialog(null)}
          onSubmitted={() => {
            setDialog(null)
            changed()
          }}
        />
      ) : null}
      {dialog?.kind === 'row' ? (
        <FormDialog
          def={rowGridDef(table)}
          lang={lang}
          mode="view"
          row={{ id: dialog.id }}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
    </div>
  )
}
