import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useState } from 'react'
import { sjApi, type ImportResult } from '../../shared/api/report'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import { notify } from '../shell/notify'
import { request, toRequest } from '../shell/request'
import { findingText } from './CheckDrawer'
import { fileBase64 } from './common'

const useStyles = makeStyles({
  preview: {
    maxHeight: '320px',
    overflowY: 'auto',
    fontSize: tokens.fontSizeBase200,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalS,
  },
  block: { color: tokens.colorPaletteRedForeground1 },
  counts: { display: 'flex', gap: tokens.spacingHorizontalM, margin: `${tokens.spacingVerticalS} 0` },
})

/**
 * 导入: a TXT in the year's layout or an Excel sheet, parsed by the server. 预检 (dry run) lists the
 * parse findings (P-* refuse the file) and the check rules over the rows as they would stand; 导入
 * commits in one transaction.
 */
export function ImportDialog({
  table,
  scope,
  onClose,
  onImported,
}: {
  table: TableCode
  scope: { taskSerialNum?: string; collegeSerialNum?: string }
  onClose: () => void
  onImported: () => void
}) {
  const s = useStyles()
  const [file, setFile] = useState<File | null>(null)
  const [mode, setMode] = useState<'replace' | 'append'>('replace')
  const [preview, setPreview] = useState<ImportResult | null>(null)
  const [busy, setBusy] = useState(false)
  const short = REPORT_TABLES[table].short

  async function send(dryRun: boolean): Promise<ImportResult | null> {
    if (!file) {
      notify.warning('请选择要导入的文件')
      return null
    }
    setBusy(true)
    try {
      const body = { ...scope, mode, dryRun, file: { name: file.name, base64: await fileBase64(file) } }
      return await request<ImportResult>({ ...toRequest(sjApi[table].importData, { query: scope }), body })
    } catch {
      return null
    } finally {
      setBusy(false)
    }
  }

  const dryRun = async () => setPreview(await send(true))
  const commit = async () => {
    const done = await send(false)
    if (!done) return
    notify.success(`导入成功，共${done.imported}条`)
    onImported()
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface style={{ width: 760, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>导入{short}</DialogTitle>
          <DialogContent>
            <Field label="文件（TXT或Excel）" hint="TXT按本学年口径与格式的字段宽度解析（GBK编码）">
              <input
                type="file"
                aria-label="选择导入文件"
                accept=".txt,.xlsx,.xls"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setPreview(null)
                }}
              />
            </Field>
            <Field label="导入方式">
              <RadioGroup
                layout="horizontal"
                value={mode}
                onChange={(_, d) => {
                  setMode(d.value as 'replace' | 'append')
                  setPreview(null)
                }}
              >
                <Radio value="replace" label="替换本学院数据" />
                <Radio value="append" label="追加" />
              </RadioGroup>
            </Field>
            {preview ? (
              <section aria-label="预检结果">
                <div className={s.counts}>
                  <span>共{preview.total}行</span>
                  <span className={preview.blocking ? s.block : undefined}>阻止导入{preview.blocking}处</span>
                  <span>规则问题：错误{preview.check.errors}</span>
                  <span>警告{preview.check.warnings}</span>
                  <span>提示{preview.check.infos}</span>
                </div>
                <div className={s.preview}>
                  {preview.findings.map((f, i) => (
                    <div key={`p${i}`} className={f.level === 'block' ? s.block : undefined}>
                      {f.ruleId} {f.message}
                    </div>
                  ))}
                  {preview.check.items.map((i, n) => (
                    <div key={`c${n}`}>
                      {i.ruleId} {findingText(i)}
                    </div>
                  ))}
                  {!preview.findings.length && !preview.check.items.length ? <div>没有发现问题</div> : null}
                </div>
              </section>
            ) : null}
          </DialogContent>
          <DialogActions>
            {busy ? <Spinner size="tiny" /> : null}
            <Button disabled={busy || !file} onClick={() => void dryRun()}>
              预检
            </Button>
            <Button
              appearance="primary"
              disabled={busy || !preview || preview.blocking > 0}
              onClick={() => void commit()}
            >
              确认导入
            </Button>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
