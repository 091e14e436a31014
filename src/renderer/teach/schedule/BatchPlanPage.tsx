import { Badge, Button, Input, MessageBar, MessageBarBody, Select, Text } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { batchPlanApi, type BatchView, type CollisionNote } from '../../../shared/api/schedule'
import type { Page } from '../../../shared/api/envelope'
import { call, errorMessage, quietCall } from '../../shell/request'
import { confirm } from '../../shell/confirm'
import { notify } from '../../shell/notify'
import { usePermissions } from '../../shell/permission'
import { Pager } from '../../resource/Pager'
import { WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { AssignStudentsDialog } from './AssignStudentsDialog'
import {
  BatchCollisionsDialog,
  BatchEditDialog,
  BatchFormDialog,
  BatchViewDialog,
  GenerateDialog,
} from './BatchDialogs'
import { CollisionNotes, exportFile, ListTable, TermPicker, useLang, useStyles, useTerm } from './common'
import { TX } from './texts'

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; plan: BatchView }
  | { kind: 'view'; id: string }
  | { kind: 'batchEdit'; ids: string[] }
  | { kind: 'generate'; ids: string[] }
  | { kind: 'assign'; plan: BatchView }
  | { kind: 'collisions'; plan: BatchView }

/**
 * 排课管理: the term's batches (周次 compressed, 冲突 tag opening the rows), add/edit/batch edit/delete,
 * 提交, 发布, 冲突检测, 批量冲突检测, 生成时间, 分配学生, 导出; every write's reply shows new collisions.
 */
export default function BatchPlanPage() {
  const s = useStyles()
  const lang = useLang()
  const can = usePermissions()
  const { terms, termId, setTermId } = useTerm()
  const [draft, setDraft] = useState({
    courseName: '',
    projectName: '',
    weekday: '',
    status: '',
    collisionStatus: '',
  })
  const [query, setQuery] = useState({ current: 1, size: 10, ...draft })
  const [page, setPage] = useState<Page<BatchView> | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [notes, setNotes] = useState<CollisionNote[]>([])
  const [message, setMessage] = useState('')
  const [refusal, setRefusal] = useState('')
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const filters = useCallback(() => {
    const q: Record<string, string | number> = { academicYearId: termId }
    for (const [k, v] of Object.entries(query)) if (v !== '' && v !== undefined) q[k] = v
    return q
  }, [query, termId])
  useEffect(() => {
    if (!termId) return
    quietCall(batchPlanApi.page, { query: filters() })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [filters, termId, version])

  const after = (reply: CollisionNote[] | null) => {
    setDialog(null)
    if (reply) {
      setNotes(reply)
      reload()
    }
  }
  const ids = [...selected]
  const needSelection = () => {
    if (!ids.length) notify.warning(TX.selectFirst[lang])
    return ids.length > 0
  }
  const act = async (run: () => Promise<CollisionNote[] | void>, done: string) => {
    try {
      const found = await run()
      notify.success(done)
      setRefusal('')
      setNotes(found ?? [])
      setSelected(new Set())
      reload()
    } catch {
      // the request helper showed the server's message
    }
  }
  const remove = async (id: string) => {
    if (!(await confirm(TX.confirmDelete[lang]))) return
    await act(async () => void (await call(batchPlanApi.remove, { query: { ids: id } })), TX.deleted[lang])
  }

  return (
    <section className={s.page}>
      <form
        className={s.bar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setQuery({ ...query, ...draft, current: 1 })
        }}
      >
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
        <Input
          aria-label={TX.course[lang]}
          placeholder={TX.course[lang]}
          value={draft.courseName}
          onChange={(_, d) => setDraft({ ...draft, courseName: d.value })}
        />
        <Input
          aria-label={TX.project[lang]}
          placeholder={TX.project[lang]}
          value={draft.projectName}
          onChange={(_, d) => setDraft({ ...draft, projectName: d.value })}
        />
        <Select
          aria-label={TX.weekday[lang]}
          value={draft.weekday}
          onChange={(_, d) => setDraft({ ...draft, weekday: d.value })}
        >
          <option value="">{TX.allWeekdays[lang]}</option>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <option key={d} value={String(d)}>
              {WEEKDAY_NAMES[d]}
            </option>
          ))}
        </Select>
        <Select
          aria-label={TX.status[lang]}
          value={draft.status}
          onChange={(_, d) => setDraft({ ...draft, status: d.value })}
        >
          <option value="">{TX.status[lang]}</option>
          <option value="0">未提交</option>
          <option value="1">已提交</option>
          <option value="2">已发布</option>
        </Select>
        <Select
          aria-label={TX.collision[lang]}
          value={draft.collisionStatus}
          onChange={(_, d) => setDraft({ ...draft, collisionStatus: d.value })}
        >
          <option value="">{TX.collision[lang]}</option>
          <option value="1">有冲突</option>
          <option value="0">无冲突</option>
        </Select>
        <Button appearance="primary" type="submit">
          {TX.search[lang]}
        </Button>
      </form>
      <div className={s.bar} role="toolbar">
        {can('teach_batchplan_add') ? (
          <Button appearance="primary" onClick={() => setDialog({ kind: 'add' })}>
            {TX.add[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_batchedit') ? (
          <Button onClick={() => needSelection() && setDialog({ kind: 'batchEdit', ids })}>
            {TX.batchEdit[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_submit') ? (
          <Button
            onClick={() =>
              needSelection() &&
              act(
                async () => (await call(batchPlanApi.batchSubmit, { body: { ids } })).collisions,
                TX.submitted[lang],
              )
            }
          >
            {TX.submit[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_publish') ? (
          <Button
            onClick={async () => {
              if (!needSelection()) return
              // The refusal lists the open collisions, one per line: shown in the page, not a toast.
              try {
                await quietCall(batchPlanApi.publish, { body: { ids } })
                notify.success(TX.published[lang])
                setRefusal('')
                setNotes([])
                setSelected(new Set())
                reload()
              } catch (e) {
                setRefusal(errorMessage(e))
              }
            }}
          >
            {TX.publish[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_check') ? (
          <Button
            onClick={() =>
              needSelection() &&
              act(
                async () => (await call(batchPlanApi.collisionCheckAgain, { body: { ids } })).collisions,
                TX.done[lang],
              )
            }
          >
            {TX.check[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_batchcheck') ? (
          <Button
            onClick={async () => {
              try {
                const r = await call(batchPlanApi.collisionBatchCheckAgain, {
                  body: { academicYearId: termId },
                })
                setMessage(TX.checkResult[lang](r))
                setNotes([])
                reload()
              } catch {
                // shown by the request helper
              }
            }}
          >
            {TX.batchCheck[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_generate') ? (
          <Button onClick={() => needSelection() && setDialog({ kind: 'generate', ids })}>
            {TX.generate[lang]}
          </Button>
        ) : null}
        {can('teach_batchplan_export') ? (
          <Button
            onClick={() =>
              exportFile(
                batchPlanApi.pageExport,
                { query: filters() },
                `${TX.batchPlans[lang]}.xlsx`,
                TX.exported[lang],
              )
            }
          >
            {TX.export[lang]}
          </Button>
        ) : null}
      </div>
      {message ? <Text data-testid="check-result">{message}</Text> : null}
      {refusal ? (
        <MessageBar intent="error" layout="multiline" data-testid="publish-refused">
          <MessageBarBody style={{ whiteSpace: 'pre-line' }}>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <CollisionNotes notes={notes} title={TX.collisionsFound[lang]} />
      <ListTable
        label={TX.batchPlans[lang]}
        rows={page?.records ?? null}
        emptyText={TX.empty[lang]}
        selected={selected}
        onSelect={setSelected}
        columns={[
          { key: 'course', label: TX.course[lang], render: (r) => r.courseName },
          { key: 'project', label: TX.project[lang], render: (r) => r.projectName },
          { key: 'batch', label: TX.batch[lang], render: (r) => r.batchName },
          { key: 'weeks', label: TX.weeks[lang], render: (r) => r.weeksText },
          {
            key: 'weekday',
            label: TX.weekday[lang],
            render: (r) => (r.weekday ? r.weekdayName : <Badge color="warning">{TX.noTime[lang]}</Badge>),
          },
          { key: 'sections', label: TX.sections[lang], render: (r) => (r.weekday ? r.sectionsText : '') },
          { key: 'rooms', label: TX.room[lang], render: (r) => r.roomNames },
          { key: 'teachers', label: TX.teacher[lang], render: (r) => r.teacherNames },
          { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos },
          { key: 'count', label: TX.students[lang], render: (r) => r.studentCount },
          { key: 'status', label: TX.status[lang], render: (r) => r.statusName },
          {
            key: 'collision',
            label: TX.collision[lang],
            render: (r) =>
              r.collisionCount ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() => setDialog({ kind: 'collisions', plan: r })}
                >
                  <Badge color="danger">{`${TX.collision[lang]} ${r.collisionCount}`}</Badge>
                </Button>
              ) : null,
          },
        ]}
        actions={(r) => (
          <>
            {can('teach_batchplan_view') ? (
              <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'view', id: r.id })}>
                {TX.view[lang]}
              </Button>
            ) : null}
            {can('teach_batchplan_edit') && r.status !== 2 ? (
              <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'edit', plan: r })}>
                {TX.edit[lang]}
              </Button>
            ) : null}
            {can('teach_batchplan_student') && r.status !== 2 ? (
              <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'assign', plan: r })}>
                {TX.assign[lang]}
              </Button>
            ) : null}
            {can('teach_batchplan_delete') && r.status !== 2 ? (
              <Button size="small" appearance="subtle" onClick={() => remove(r.id)}>
                {TX.delete[lang]}
              </Button>
            ) : null}
          </>
        )}
      />
      {page ? (
        <Pager
          lang={lang}
          total={page.total}
          current={page.current}
          size={page.size}
          onChange={(current, size) => setQuery((q) => ({ ...q, current, size }))}
        />
      ) : null}
      {dialog?.kind === 'add' ? <BatchFormDialog termId={termId} lang={lang} onClose={after} /> : null}
      {dialog?.kind === 'edit' ? (
        <BatchFormDialog termId={termId} initial={dialog.plan} lang={lang} onClose={after} />
      ) : null}
      {dialog?.kind === 'view' ? (
        <BatchViewDialog id={dialog.id} lang={lang} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'batchEdit' ? (
        <BatchEditDialog ids={dialog.ids} termId={termId} lang={lang} onClose={after} />
      ) : null}
      {dialog?.kind === 'generate' ? <GenerateDialog ids={dialog.ids} lang={lang} onClose={after} /> : null}
      {dialog?.kind === 'assign' ? (
        <AssignStudentsDialog plan={dialog.plan} lang={lang} onClose={after} />
      ) : null}
      {dialog?.kind === 'collisions' ? (
        <BatchCollisionsDialog
          plan={dialog.plan}
          termId={termId}
          lang={lang}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  )
}
