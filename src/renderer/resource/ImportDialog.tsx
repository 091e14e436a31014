import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  CheckmarkCircleRegular,
  DismissRegular,
  DocumentArrowUpRegular,
  ErrorCircleRegular,
} from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { formFields, hasOptions, textOf, type Lang } from './fields'
import {
  canCommit,
  importBody,
  previewImport,
  previewRows,
  type Cell,
  type Choices,
  type ImportPreview,
} from './importRows'
import { loadDict, notify, request } from './shell-adapter'
import { pullSpreadsheet, type PullProgress } from './spreadsheet-pull'
import { sayer } from './strings'

/**
 * Import: pick a spreadsheet (parsed in main's worker, its rows arriving in slices with 已读取 N / M 行
 * and a 取消) → columns matched to fields by label → a preview with
 * each row's errors → one all-or-nothing POST to `def.importPath`, enabled only when no row has an error.
 */
export interface ImportDialogProps {
  def: ResourceDef
  lang: Lang
  onClose: () => void
  onImported: () => void
}

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: '240px' },
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground2,
  },
  table: {
    maxHeight: '420px',
    overflow: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  sticky: { position: 'sticky', top: 0, backgroundColor: tokens.colorNeutralBackground3, zIndex: 1 },
  line: { width: '64px', color: tokens.colorNeutralForeground3 },
  bad: { backgroundColor: tokens.colorPaletteRedBackground1 },
  errors: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'normal' },
  errorCol: { minWidth: '280px' },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  cell: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '200px' },
  empty: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
  },
  bigIcon: { fontSize: '48px', color: tokens.colorNeutralForeground4 },
  progress: { width: '360px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** Label -> key lists of the dictionary and option fields, so cells may hold labels. */
async function loadChoices(def: ResourceDef, lang: Lang): Promise<Choices> {
  const out: Choices = {}
  for (const f of formFields(def).filter(hasOptions)) {
    if (f.options)
      out[f.name] = f.options.map((o) => ({ label: textOf(o.label, lang), value: String(o.value) }))
    else if (f.dict)
      out[f.name] = (await loadDict(f.dict.code, f.dict.biz)).map((d) => ({
        label: d.dictValue,
        value: d.dictKey,
      }))
  }
  return out
}

export function ImportDialog({ def, lang, onClose, onImported }: ImportDialogProps) {
  const s = useStyles()
  const say = sayer(lang)
  const [file, setFile] = useState<{ name: string; rows: Record<string, Cell>[] } | null>(null)
  const [choices, setChoices] = useState<Choices | null>(null)
  const [picking, setPicking] = useState(false)
  const [reading, setReading] = useState<PullProgress | null>(null)
  const cancelRead = useRef<(() => void) | null>(null)
  const [saving, setSaving] = useState(false)
  // The server's refusal of the file (rows only it can judge, e.g. keys already taken), kept in view.
  const [refused, setRefused] = useState<string | null>(null)

  // Closing the dialog mid-read stops main's worker.
  useEffect(() => () => cancelRead.current?.(), [])

  useEffect(() => {
    let live = true
    void loadChoices(def, lang).then((c) => live && setChoices(c))
    return () => {
      live = false
    }
  }, [def, lang])

  const preview = useMemo<ImportPreview | null>(
    // While another file is being picked the old preview (its counts, its 确认导入) is out of view.
    () => (file && choices && !picking ? previewImport(def, file.rows, choices) : null),
    [def, file, choices, picking],
  )
  const shown: FieldDef[] = preview
    ? formFields(def).filter((f) => Object.values(preview.columns).includes(f.name))
    : []
  const bad = preview?.rows.filter((r) => r.errors.length).length ?? 0
  const visible = useMemo(() => (preview ? previewRows(preview.rows) : []), [preview])

  const pick = async () => {
    setPicking(true)
    const pull = pullSpreadsheet(setReading)
    cancelRead.current = pull.cancel
    try {
      const sheet = await pull.done
      if (sheet) {
        setFile({ name: sheet.name, rows: sheet.rows })
        setRefused(null)
      }
    } catch (e) {
      notify.error(
        e && typeof e === 'object' && 'message' in e
          ? String((e as { message: unknown }).message)
          : String(e),
      )
    } finally {
      cancelRead.current = null
      setReading(null)
      setPicking(false)
    }
  }

  const commit = async () => {
    if (!preview || !canCommit(preview) || !def.importPath) return
    setSaving(true)
    try {
      const answer = await request<unknown>({
        method: 'POST',
        path: def.importPath,
        body: importBody(def, preview),
      })
      notify.success(say('imported', { n: typeof answer === 'number' ? answer : preview.rows.length }))
      onImported()
    } catch (e) {
      // all-or-nothing on the server: nothing was imported; the call has toasted why, the dialog keeps it
      setRefused(e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !saving && onClose()}>
      <DialogSurface
        style={{
          width: Math.max(720, Math.min(1100, 160 + shown.length * 150)),
          maxWidth: 'calc(100vw - 48px)',
        }}
      >
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={say('close')}
                icon={<DismissRegular />}
                onClick={onClose}
                disabled={saving}
              />
            }
          >
            {say('importTitle', { label: textOf(def.label, lang).replace(/管理$/, '') })}
          </DialogTitle>
          <DialogContent className={s.body}>
            <div className={s.head}>
              <Button
                icon={picking ? <Spinner size="tiny" /> : <DocumentArrowUpRegular />}
                onClick={() => void pick()}
                disabled={picking || saving}
              >
                {say('importPick')}
              </Button>
              {file ? <span>{file.name}</span> : null}
              {preview ? (
                <span className={bad ? s.errors : s.ok}>
                  {say('importRows', { n: preview.rows.length, bad })}
                </span>
              ) : null}
              {preview && visible.length < preview.rows.length ? (
                <span>{say('importShown', { shown: visible.length })}</span>
              ) : null}
            </div>
            {refused ? (
              <MessageBar intent="error">
                <MessageBarBody>{refused}</MessageBarBody>
              </MessageBar>
            ) : null}
            {preview?.missing.length ? (
              <MessageBar intent="error">
                <MessageBarBody>
                  {say('importMissing', {
                    cols: preview.missing.map((f) => textOf(f.label, lang)).join('、'),
                  })}
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {preview?.ignored.length ? (
              <MessageBar intent="warning">
                <MessageBarBody>{say('importIgnored', { cols: preview.ignored.join('、') })}</MessageBarBody>
              </MessageBar>
            ) : null}
            {reading ? (
              <div className={s.empty}>
                <div className={s.progress}>
                  <span>
                    {reading.total === null
                      ? say('importOpening', { name: reading.fileName })
                      : say('importProgress', { read: reading.read, total: reading.total })}
                  </span>
                  <ProgressBar
                    aria-label={say('importPick')}
                    value={reading.total ? reading.read / reading.total : undefined}
                  />
                  <Button onClick={() => cancelRead.current?.()}>{say('importStop')}</Button>
                </div>
              </div>
            ) : !preview ? (
              <div className={s.empty}>
                <DocumentArrowUpRegular className={s.bigIcon} />
                <span>
                  {formFields(def)
                    .map((f) => textOf(f.label, lang))
                    .join(' / ')}
                </span>
              </div>
            ) : preview.rows.length === 0 ? (
              <div className={s.empty}>{say('importNoRows')}</div>
            ) : (
              <div className={s.table}>
                <Table size="small" aria-label="preview">
                  <TableHeader className={s.sticky}>
                    <TableRow>
                      <TableHeaderCell className={s.line}>{say('importRow')}</TableHeaderCell>
                      {shown.map((f) => (
                        <TableHeaderCell key={f.name}>{textOf(f.label, lang)}</TableHeaderCell>
                      ))}
                      <TableHeaderCell className={s.errorCol}>{say('importErrors')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {visible.map((r) => (
                      <TableRow key={r.line} className={r.errors.length ? s.bad : undefined}>
                        <TableCell className={s.line}>{r.line}</TableCell>
                        {shown.map((f) => (
                          <TableCell key={f.name}>
                            <span className={s.cell} title={r.cells[f.name] ?? ''}>
                              {r.cells[f.name] ?? ''}
                            </span>
                          </TableCell>
                        ))}
                        <TableCell>
                          {r.errors.length ? (
                            <span className={s.errors}>
                              <ErrorCircleRegular /> {r.errors.join('；')}
                            </span>
                          ) : (
                            <CheckmarkCircleRegular className={s.ok} />
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              {say('cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={!preview || !canCommit(preview) || saving}
              icon={saving ? <Spinner size="tiny" /> : undefined}
              onClick={() => void commit()}
            >
              {say('importCommit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
