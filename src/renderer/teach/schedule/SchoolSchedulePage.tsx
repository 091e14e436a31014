import { Button, Input, Select } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { batchPlanApi, type BatchView } from '../../../shared/api/schedule'
import type { Page } from '../../../shared/api/envelope'
import { quietCall } from '../../shell/request'
import { usePermission } from '../../shell/permission'
import { Pager } from '../../resource/Pager'
import { WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { exportFile, ListTable, TermPicker, useLang, useStyles, useTerm } from './common'
import { OwnerPicker } from './pickers'
import { TX } from './texts'

/** 全校课表: every submitted or published batch of the term, filtered by week, weekday, 院系, teacher, room, class, course. */
export default function SchoolSchedulePage() {
  const s = useStyles()
  const lang = useLang()
  const { terms, termId, setTermId } = useTerm()
  const canExport = usePermission('teach_schoolschedule_export')
  const empty = {
    week: '',
    weekday: '',
    deptSerial: '',
    teacherId: '',
    roomId: '',
    classNos: '',
    courseName: '',
  }
  const [draft, setDraft] = useState(empty)
  const [query, setQuery] = useState({ current: 1, size: 10, ...empty })
  const [page, setPage] = useState<Page<BatchView> | null>(null)
  const filters = useCallback(() => {
    const q: Record<string, string | number> = { academicYearId: termId }
    for (const [k, v] of Object.entries(query)) if (v !== '' && v !== undefined) q[k] = v
    return q
  }, [query, termId])
  useEffect(() => {
    if (!termId) return
    quietCall(batchPlanApi.schoolSchedule, { query: filters() })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [filters, termId])
  const set = (k: keyof typeof empty, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  return (
    <section className={s.page}>
      <form
        className={s.bar}
        role="search"
        onSubmit={(e) => (e.preventDefault(), setQuery({ ...query, ...draft, current: 1 }))}
      >
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
        <Select aria-label={TX.weeks[lang]} value={draft.week} onChange={(_, d) => set('week', d.value)}>
          <option value="">全部周</option>
          {Array.from({ length: 30 }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>{`第${i + 1}周`}</option>
          ))}
        </Select>
        <Select
          aria-label={TX.weekday[lang]}
          value={draft.weekday}
          onChange={(_, d) => set('weekday', d.value)}
        >
          <option value="">{TX.allWeekdays[lang]}</option>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <option key={d} value={String(d)}>
              {WEEKDAY_NAMES[d]}
            </option>
          ))}
        </Select>
        <Input
          aria-label={TX.college[lang]}
          placeholder={`${TX.college[lang]}（院系号）`}
          value={draft.deptSerial}
          onChange={(_, d) => set('deptSerial', d.value)}
        />
        <OwnerPicker
          kind="teacher"
          termId={termId}
          value={draft.teacherId ? [draft.teacherId] : []}
          onChange={(ids) => set('teacherId', ids[ids.length - 1] ?? '')}
          label={TX.teacher[lang]}
        />
        <OwnerPicker
          kind="room"
          termId={termId}
          value={draft.roomId ? [draft.roomId] : []}
          onChange={(ids) => set('roomId', ids[ids.length - 1] ?? '')}
          label={TX.room[lang]}
        />
        <Input
          aria-label={TX.classes[lang]}
          placeholder={TX.classes[lang]}
          value={draft.classNos}
          onChange={(_, d) => set('classNos', d.value)}
        />
        <Input
          aria-label={TX.course[lang]}
          placeholder={TX.course[lang]}
          value={draft.courseName}
          onChange={(_, d) => set('courseName', d.value)}
        />
        <Button appearance="primary" type="submit">
          {TX.search[lang]}
        </Button>
        <Button onClick={() => (setDraft(empty), setQuery({ current: 1, size: query.size, ...empty }))}>
          {TX.reset[lang]}
        </Button>
      </form>
      {canExport ? (
        <div className={s.bar} role="toolbar">
          <Button
            onClick={() =>
              exportFile(
                batchPlanApi.schoolScheduleExport,
                { query: filters() },
                '全校课表.xlsx',
                TX.exported[lang],
              )
            }
          >
            {TX.export[lang]}
          </Button>
        </div>
      ) : null}
      <ListTable
        label="全校课表"
        rows={page?.records ?? null}
        emptyText={TX.empty[lang]}
        columns={[
          { key: 'course', label: TX.course[lang], render: (r) => r.courseName },
          { key: 'project', label: TX.project[lang], render: (r) => r.projectName },
          { key: 'batch', label: TX.batch[lang], render: (r) => r.batchName },
          { key: 'weeks', label: TX.weeks[lang], render: (r) => r.weeksText },
          { key: 'weekday', label: TX.weekday[lang], render: (r) => r.weekdayName },
          { key: 'sections', label: TX.sections[lang], render: (r) => r.sectionsText },
          { key: 'time', label: TX.time[lang], render: (r) => r.timeText },
          { key: 'rooms', label: TX.room[lang], render: (r) => r.roomNames },
          { key: 'teachers', label: TX.teacher[lang], render: (r) => r.teacherNames },
          { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos },
          { key: 'count', label: TX.students[lang], render: (r) => r.studentCount },
          {
            key: 'status',
            label: TX.status[lang],
            render: (r) => (r.status === 2 ? r.statusName : `${r.statusName}（${TX.unpublished[lang]}）`),
          },
        ]}
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
    </section>
  )
}
