import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import {
  AddRegular,
  ArrowClockwiseRegular,
  ArrowDownloadRegular,
  ArrowUploadRegular,
  DeleteRegular,
  SubtractSquareMultipleRegular,
} from '@fluentui/react-icons'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { ResourceDef } from '../../shared/resource/types'
import { offeredActions, permissionCode, textOf, type PageAction } from './fields'
import { FormDialog, type FieldExtra, type FormMode } from './FormDialog'
import { ImportDialog } from './ImportDialog'
import { Pager } from './Pager'
import { DEFAULT_PAGE_SIZE, listQuery, type Query, type SearchValues, type SortState } from './query'
import { ResourceGrid, type Row } from './ResourceGrid'
import { SearchBar } from './SearchBar'
import { confirm, notify, request, useLang, usePermissions } from './shell-adapter'
import { sayer } from './strings'
import { useExport } from './useExport'
import { useResourceData } from './useResourceData'

/**
 * The generic list-and-edit page (spec 2.2) of one resource definition: search, toolbar, grid,
 * pager, add/edit/view dialogs, delete with confirmation, import and export. Every button is shown
 * only with its permission code `<def.permission>_<action>`.
 */
export interface ResourcePageProps {
  def: ResourceDef
  /** Filters always sent with the list (e.g. the parent of a child list); not shown in the search form. */
  fixedQuery?: Query
  /** Extra toolbar buttons of a screen, after the standard ones. */
  toolbarExtra?: ReactNode
  /** Extra row buttons of a screen, after 查看/编辑/删除. */
  rowExtra?: (row: Row) => ReactNode
  /** A list route of the screen's own (e.g. `dict/parent-list`), instead of the standard page/list. */
  listPath?: string
  /** Values a new row starts with (e.g. the parent and code of a dictionary's items). */
  addPreset?: Row
  /** Values sent with every save of the generated form besides its fields (e.g. the row's scope). */
  extraBody?: Row
  /** A screen's own add/edit dialogs (e.g. a form that follows a type) instead of the generated form. */
  onAdd?: () => void
  onEdit?: (row: Row) => void
  onView?: (row: Row) => void
  /** Changing it reloads the list (after a screen's own dialog or row action saved). */
  reloadSignal?: number
  /** Additions to fields of the generated form (a button beside one, a server check on blur). */
  fieldExtras?: Record<string, FieldExtra>
  /** Hears the list's total (a screen's own export switches to 下载中心 above 20,000 rows). */
  onTotal?: (total: number) => void
}

const useStyles = makeStyles({
  page: {
    height: '100%',
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase300,
  },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  spacer: { flex: 1 },
  selection: {
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  danger: { color: tokens.colorPaletteRedForeground1 },
})

type Dialogs = { kind: 'form'; mode: FormMode; row?: Row; preset?: Row } | { kind: 'import' } | null

export default function ResourcePage({
  def,
  fixedQuery,
  toolbarExtra,
  rowExtra,
  listPath,
  addPreset,
  extraBody,
  onAdd,
  onEdit,
  onView,
  reloadSignal,
  onTotal,
  fieldExtras,
}: ResourcePageProps) {
  const s = useStyles()
  const lang = useLang()
  const say = sayer(lang)
  const can = usePermissions()
  // The granted actions as a string, so callbacks and columns change only when a grant does.
  const granted = offeredActions(def)
    .filter((a) => can(permissionCode(def, a)))
    .join(',')
  const allowed = useCallback((a: PageAction) => granted.split(',').includes(a), [granted])

  const [draft, setDraft] = useState<SearchValues>({})
  const [search, setSearch] = useState<SearchValues>({})
  const [sort, setSort] = useState<SortState | null>(null)
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE })
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState<Dialogs>(null)

  const query = useMemo(
    () => ({ ...listQuery(def, search, sort), ...fixedQuery }),
    [def, search, sort, fixedQuery],
  )
  const data = useResourceData(def, query, paging, listPath)
  const exporter = useExport(def, query, lang, data.total)
  const { reload } = data
  useEffect(() => onTotal?.(data.total), [onTotal, data.total])
  useEffect(() => {
    if (reloadSignal) reload()
  }, [reloadSignal, reload])

  const reloadFromStart = () => {
    setSelected(new Set())
    if (paging.current === 1) data.reload()
    else setPaging((p) => ({ ...p, current: 1 }))
  }

  const actions = useMemo(
    () => ({
      view: allowed('view')
        ? (row: Row) => (onView ? onView(row) : setDialog({ kind: 'form', mode: 'view', row }))
        : undefined,
      edit: allowed('edit')
        ? (row: Row) => (onEdit ? onEdit(row) : setDialog({ kind: 'form', mode: 'edit', row }))
        : undefined,
      remove: allowed('delete') ? (row: Row) => void remove([String(row.id)]) : undefined,
    }),
    // `remove` reads only the definition, the language and the stable reload
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [allowed, def, lang, data.reload, onEdit, onView],
  )

  const treeAdd = def.tree && allowed('add')
  const rowButtons = useMemo(() => {
    if (!treeAdd && !rowExtra) return undefined
    const RowButtons = (row: Row) => (
      <>
        {treeAdd ? (
          <Button
            size="small"
            appearance="transparent"
            icon={<AddRegular />}
            onClick={() =>
              setDialog({ kind: 'form', mode: 'add', preset: { [def.tree!.parentField]: String(row.id) } })
            }
          >
            {lang === 'zh' ? '新增子项' : 'Add child'}
          </Button>
        ) : null}
        {rowExtra?.(row)}
      </>
    )
    return RowButtons
  }, [treeAdd, rowExtra, def.tree, lang])

  const removeSelected = () => {
    if (!selected.size) {
      notify.warning(say('selectOne'))
      return
    }
    void remove([...selected])
  }

  /** 确定将选择数据删除? (提示) → remove?ids= → 删除成功; a refusal (e.g. children exist) was toasted by the call. */
  async function remove(ids: string[]) {
    if (!(await confirm(say('confirmDelete'), say('tip')))) return
    try {
      await request({ method: 'POST', path: `${def.basePath}/remove`, query: { ids: ids.join(',') } })
    } catch {
      return
    }
    notify.success(say('deleted'))
    setSelected(new Set())
    data.reload()
  }

  return (
    <section className={s.page} aria-label={textOf(def.label, lang)}>
      <SearchBar
        def={def}
        lang={lang}
        values={draft}
        onChange={setDraft}
        onSearch={() => {
          setSearch(draft)
          reloadFromStart()
        }}
        onReset={() => {
          setDraft({})
          setSearch({})
          reloadFromStart()
        }}
      />
      <div className={s.toolbar} role="toolbar">
        {allowed('add') ? (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => (onAdd ? onAdd() : setDialog({ kind: 'form', mode: 'add', preset: addPreset }))}
          >
            {say('add')}
          </Button>
        ) : null}
        {allowed('delete') ? (
          <Button icon={<DeleteRegular />} className={s.danger} onClick={removeSelected}>
            {say('delete')}
          </Button>
        ) : null}
        {allowed('import') ? (
          <Button icon={<ArrowUploadRegular />} onClick={() => setDialog({ kind: 'import' })}>
            {say('import')}
          </Button>
        ) : null}
        {allowed('export') ? (
          <Button
            icon={exporter.busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={exporter.busy}
            onClick={() => void exporter.run()}
          >
            {exporter.busy ? say('exporting', { p: exporter.progress }) : say('export')}
          </Button>
        ) : null}
        {toolbarExtra}
        <span className={s.spacer} />
        {selected.size ? (
          <span className={s.selection}>
            {say('selected', { n: selected.size })}
            <Button
              size="small"
              appearance="transparent"
              icon={<SubtractSquareMultipleRegular />}
              onClick={() => setSelected(new Set())}
            >
              {say('clearSelection')}
            </Button>
          </span>
        ) : null}
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          aria-label={say('refresh')}
          title={say('refresh')}
          onClick={data.reload}
        />
      </div>
      <ResourceGrid
        def={def}
        lang={lang}
        rows={data.rows}
        loading={data.loading}
        error={data.error}
        onRetry={data.reload}
        sort={sort}
        onSortChange={(next) => {
          setSort(next)
          setPaging((p) => ({ ...p, current: 1 }))
        }}
        selected={selected}
        onSelectedChange={setSelected}
        actions={actions}
        onToggle={data.toggle}
        renderRowExtra={rowButtons}
      />
      {data.paged ? (
        <Pager
          lang={lang}
          total={data.total}
          current={paging.current}
          size={paging.size}
          onChange={(current, size) => {
            setSelected(new Set())
            setPaging({ current, size })
          }}
        />
      ) : null}
      {dialog?.kind === 'form' ? (
        <FormDialog
          def={def}
          lang={lang}
          mode={dialog.mode}
          row={dialog.row}
          preset={dialog.preset}
          extraBody={extraBody}
          fieldExtras={fieldExtras}
          onClose={() => setDialog(null)}
          onSaved={(mode) => {
            notify.success(say(mode === 'add' ? 'added' : 'updated'))
            setDialog(null)
            data.reload()
          }}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          def={def}
          lang={lang}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null)
            reloadFromStart()
          }}
        />
      ) : null}
    </section>
  )
}
