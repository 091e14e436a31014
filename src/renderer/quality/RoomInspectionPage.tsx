import { Field, Input } from '@fluentui/react-components'
import { useCallback, useMemo, useState } from 'react'
import { roomInspectionApi, type InspectionPhoto } from '../../shared/api/quality'
import { roomInspectionResource } from '../../shared/resources/quality/inspection'
import { FormDialog, type FormMode } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { notify, useLang } from '../resource/shell-adapter'
import { sayer } from '../resource/strings'
import { withoutSearch } from '../teach/shared'
import { PhotoField } from './PhotoField'
import { SheetBar, useSheet, useSheetStyles } from './SheetBar'

type Row = Record<string, unknown>

const def = withoutSearch(roomInspectionResource, 'academicYearId')

/**
 * 实验室检查: the term's rooms (抽取数据) and rooms added by hand (新增 picks any lab room), each with its
 * checklist, result, rectification and up to nine photos; 锁定 with its banner.
 */
export default function RoomInspectionPage() {
  const s = useSheetStyles()
  const lang = useLang()
  const sheet = useSheet(roomInspectionApi)
  const [form, setForm] = useState<{ mode: FormMode; row?: Row } | null>(null)
  const [saved, setSaved] = useState(0)
  // The open form's photos: their ids (sent with the form) and what is known of each.
  const [photoIds, setPhotoIds] = useState('')
  const [links, setLinks] = useState<Map<string, { link: string; name: string }>>(new Map())
  const query = useMemo(() => ({ academicYearId_equal: sheet.termId }), [sheet.termId])
  const know = useCallback((photos: InspectionPhoto[]) => {
    setLinks((prev) => {
      const next = new Map(prev)
      for (const p of photos) next.set(p.id, { link: p.link, name: p.originalName })
      return next
    })
  }, [])
  const open = (mode: FormMode, row?: Row) => {
    setPhotoIds(String(row?.photoIds ?? ''))
    setForm({ mode, row })
  }
  const roomLabel = form?.row
    ? `${String(form.row.roomNo ?? '')} ${String(form.row.roomName ?? '')}`.trim()
    : ''

  return (
    <section className={s.screen} aria-label="实验室检查">
      <SheetBar sheet="room" api={roomInspectionApi} state={sheet} />
      <div className={s.body}>
        {sheet.termId ? (
          <ResourcePage
            def={def}
            fixedQuery={query}
            reloadSignal={sheet.version + saved}
            onAdd={() => open('add')}
            onEdit={(row) => open('edit', row)}
            onView={(row) => open('view', row)}
          />
        ) : null}
      </div>
      {form ? (
        <FormDialog
          def={def}
          lang={lang}
          mode={form.mode}
          row={form.row}
          extraBody={form.mode === 'add' ? { academicYearId: sheet.termId, photoIds } : { photoIds }}
          onDetail={(detail) => {
            know((detail.photos as InspectionPhoto[] | undefined) ?? [])
            setPhotoIds(String(detail.photoIds ?? ''))
          }}
          // The room of a row stays; only a new row picks one.
          controls={form.mode === 'add' ? undefined : { roomId: () => <Input readOnly value={roomLabel} /> }}
          onClose={() => setForm(null)}
          onSaved={(mode) => {
            notify.success(sayer(lang)(mode === 'add' ? 'added' : 'updated'))
            setForm(null)
            setSaved((n) => n + 1)
          }}
        >
          <Field label="现场照片" style={{ marginTop: 12 }}>
            <PhotoField
              value={photoIds}
              disabled={form.mode === 'view'}
              onChange={setPhotoIds}
              links={links}
              onUploaded={(id, link, name) => know([{ id, link, originalName: name, attachSize: null }])}
            />
          </Field>
        </FormDialog>
      ) : null}
    </section>
  )
}
