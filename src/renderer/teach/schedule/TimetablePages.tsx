import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { batchPlanApi, type Timetable, type TimetableOwnerRow } from '../../../shared/api/schedule'
import { call, quietCall } from '../../shell/request'
import { usePermission } from '../../shell/permission'
import type { Page } from '../../../shared/api/envelope'
import { Pager } from '../../resource/Pager'
import { WeekGrid, type GridEntry } from './WeekGrid'
import { WeekSelector } from './WeekSelector'
import { exportFile, ListTable, TermPicker, useLang, useStyles, useTerm } from './common'
import { TX } from './texts'

const useOwn = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
})

/** Timetable entries → grid entries (unpublished ones tagged 未发布). */
export function gridEntries(t: Timetable | null, lang: 'zh' | 'en'): GridEntry[] {
  return (t?.entries ?? []).map((e) => ({
    id: e.batchPlanId,
    title: `${e.projectName} ${e.batchName}`,
    weeks: e.weeks,
    weekday: e.weekday,
    startSection: e.startSection,
    endSection: e.endSection,
    rooms: e.rooms,
    classes: e.classes,
    teachers: e.teachers,
    tag: e.status < 2 ? TX.unpublished[lang] : undefined,
    kind: e.kind,
  }))
}

/**
 * A timetable with its week selector (全部周, 第n周, ◀ ▶; default this week) and 导出 (the 节次 × 星期
 * sheet of `selectPageSchoolSchedule-export?format=grid`).
 */
function TimetableView({
  load,
  exportQuery,
  canExport,
  fileName,
  termId,
}: {
  load: (termId: string, week: number | null) => Promise<Timetable>
  exportQuery: Record<string, string>
  canExport: boolean
  fileName: string
  termId: string
}) {
  const s = useStyles()
  const own = useOwn()
  const lang = useLang()
  const [week, setWeek] = useState<number | null | undefined>(undefined)
  const [data, setData] = useState<Timetable | null>(null)
  useEffect(() => {
    if (!termId) return
    let live = true
    load(termId, week ?? null)
      .then((t) => {
        if (!live) return
        setData(t)
        // First load: this week, when today is inside the term.
        if (week === undefined) setWeek(t.currentWeek ?? null)
      })
      .catch(() => live && setData(null))
    return () => {
      live = false
    }
  }, [load, termId, week])
  const entries = useMemo(() => gridEntries(data, lang), [data, lang])
  return (
    <div className={s.page} style={{ padding: 0 }}>
      <div className={own.head}>
        <Text className={own.title}>
          {data?.owner
            ? `${data.owner.name}${data.owner.no && data.owner.no !== data.owner.name ? `（${data.owner.no}）` : ''}`
            : ''}
        </Text>
        <WeekSelector weeks={data?.calendar?.weeks ?? 18} value={week ?? null} onChange={setWeek} />
        {canExport ? (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() =>
              exportFile(
                batchPlanApi.schoolScheduleExport,
                { query: { ...exportQuery, academicYearId: termId, format: 'grid' } },
                fileName,
                TX.exported[lang],
              )
            }
          >
            {TX.export[lang]}
          </Button>
        ) : null}
        <Text className={s.muted}>
          {TX.entries[lang](
            entries.filter((e) => week == null || String(e.weeks).split(',').includes(String(week))).length,
          )}
        </Text>
      </div>
      <div className={s.scroll}>
        <WeekGrid
          entries={entries}
          calendar={data?.calendar ?? null}
          week={week ?? null}
          label={TX.timetable[lang]}
        />
      </div>
    </div>
  )
}

/** 我的课表: the signed-in teacher's published batches. */
export function MyTimetablePage() {
  const s = useStyles()
  const lang = useLang()
  const { terms, termId, setTermId } = useTerm()
  const canExport = usePermission('teach_mytimetable_export')
  const load = useMemo(
    () => (term: string, week: number | null) =>
      call(batchPlanApi.teacherTimetable, { query: { academicYearId: term, ...(week ? { week } : {}) } }),
    [],
  )
  return (
    <section className={s.page}>
      <div className={s.bar}>
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
      </div>
      <TimetableView
        load={load}
        exportQuery={{}}
        canExport={canExport}
        fileName={`${TX.myTimetable[lang]}.xlsx`}
        termId={termId}
      />
    </section>
  )
}

/** A paged owner list (teachers or rooms) beside the grid of the one picked. */
function OwnerTimetablePage({ kind }: { kind: 'teacher' | 'room' }) {
  const s = useStyles()
  const lang = useLang()
  const { terms, termId, setTermId } = useTerm()
  const [name, setName] = useState('')
  const [query, setQuery] = useState({ current: 1, size: 10, name: '' })
  const [page, setPage] = useState<Page<TimetableOwnerRow> | null>(null)
  const [picked, setPicked] = useState<TimetableOwnerRow | null>(null)
  const canExport = usePermission(
    kind === 'teacher' ? 'teach_teachertimetable_export' : 'teach_labroomtimetable_export',
  )
  useEffect(() => {
    if (!termId) return
    const endpoint = kind === 'teacher' ? batchPlanApi.allTeachers : batchPlanApi.allLabrooms
    quietCall(endpoint, {
      query: { ...query, academicYearId: termId, ...(kind === 'teacher' ? { all: '1' } : {}) },
    })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [kind, query, termId])
  const load = useMemo(
    () => (term: string, week: number | null) =>
      picked
        ? kind === 'teacher'
          ? call(batchPlanApi.teacherTimetable, {
              query: { academicYearId: term, teacherId: picked.id, ...(week ? { week } : {}) },
            })
          : call(batchPlanApi.labroomTimetable, {
              query: { academicYearId: term, roomId: picked.id, ...(week ? { week } : {}) },
            })
        : Promise.reject(new Error('none')),
    [kind, picked],
  )
  return (
    <section className={s.page}>
      <div className={s.bar}>
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
        <Input
          aria-label={kind === 'teacher' ? TX.teacherName[lang] : TX.roomName[lang]}
          placeholder={kind === 'teacher' ? TX.teacherName[lang] : TX.roomName[lang]}
          value={name}
          onChange={(_, d) => setName(d.value)}
          onKeyDown={(e) => e.key === 'Enter' && setQuery({ current: 1, size: 10, name })}
        />
        <Button appearance="primary" onClick={() => setQuery({ current: 1, size: 10, name })}>
          {TX.search[lang]}
        </Button>
      </div>
      <div className={s.split}>
        <div>
          <ListTable
            label={kind === 'teacher' ? TX.teachers[lang] : TX.rooms[lang]}
            rows={page?.records ?? null}
            emptyText={TX.empty[lang]}
            onRowClick={setPicked}
            activeKey={picked?.id}
            columns={[
              {
                key: 'no',
                label: kind === 'teacher' ? TX.teacherNo[lang] : TX.roomNo[lang],
                render: (r) => r.no,
              },
              {
                key: 'name',
                label: kind === 'teacher' ? TX.teacherName[lang] : TX.roomName[lang],
                render: (r) => r.name,
              },
              { key: 'batches', label: TX.batchCount[lang], render: (r) => r.batches },
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
        </div>
        <div className={s.scroll}>
          {picked ? (
            <TimetableView
              key={picked.id}
              load={load}
              termId={termId}
              canExport={canExport}
              exportQuery={kind === 'teacher' ? { teacherId: picked.id } : { roomId: picked.id }}
              fileName={`${picked.name}${TX.timetable[lang]}.xlsx`}
            />
          ) : (
            <div className={s.empty}>{kind === 'teacher' ? TX.pickTeacher[lang] : TX.pickRoom[lang]}</div>
          )}
        </div>
      </div>
    </section>
  )
}

export const TeacherTimetablePage = () => <OwnerTimetablePage kind="teacher" />
export const LabroomTimetablePage = () => <OwnerTimetablePage kind="room" />
