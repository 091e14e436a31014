import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { EditRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { courseInspectionApi } from '../../shared/api/quality'
import { courseInspectionResource } from '../../shared/resources/quality/inspection'
import { FormDialog } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { notify, useLang, usePermissions } from '../resource/shell-adapter'
import { withoutSearch } from '../teach/shared'
import { SheetBar, useSheet, useSheetStyles } from './SheetBar'

type Row = Record<string, unknown>

/** The list: no add, delete or edit of its own (录入检查结果 is the row's button). */
const listDef = {
  ...withoutSearch(courseInspectionResource, 'academicYearId'),
  actions: { add: false, edit: false, delete: false, view: false },
}
/** The findings dialog: the definition's form fields are the findings. */
const findingsDef = { ...courseInspectionResource, label: { zh: '课程检查结果', en: 'course findings' } }

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    padding: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  label: { color: tokens.colorNeutralForeground3, marginRight: tokens.spacingHorizontalS },
})

/** What the extraction found for a course, shown above the findings it is judged on. */
function CourseFacts({ row }: { row: Row }) {
  const s = useStyles()
  const facts: [string, unknown][] = [
    ['课程', `${String(row.courseNumber ?? '')} ${String(row.courseName ?? '')}`],
    ['开课学院', row.collegeName],
    ['任课教师', row.teacherNames],
    ['计划批次', row.plannedBatches],
    ['已开批次', row.doneBatches],
    ['开出率', `${Number(row.openRate ?? 0)}%`],
  ]
  return (
    <div className={s.facts} aria-label="课程抽取数据">
      {facts.map(([label, value]) => (
        <div key={label}>
          <span className={s.label}>{label}</span>
          {String(value ?? '')}
        </div>
      ))}
    </div>
  )
}

/**
 * 课程检查: the term's courses with batches and their 开出率 (抽取数据), 录入检查结果 in a dialog of the
 * findings only, 锁定 with its banner.
 */
export default function CourseInspectionPage() {
  const s = useSheetStyles()
  const lang = useLang()
  const can = usePermissions()
  const sheet = useSheet(courseInspectionApi)
  const [editing, setEditing] = useState<Row | null>(null)
  const [saved, setSaved] = useState(0)
  const query = useMemo(() => ({ academicYearId_equal: sheet.termId }), [sheet.termId])
  return (
    <section className={s.screen} aria-label="课程检查">
      <SheetBar sheet="course" api={courseInspectionApi} state={sheet} />
      <div className={s.body}>
        {sheet.termId ? (
          <ResourcePage
            def={listDef}
            fixedQuery={query}
            reloadSignal={sheet.version + saved}
            rowExtra={(row) =>
              can('quality_inspectioncourse_edit') ? (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<EditRegular />}
                  onClick={() => setEditing(row)}
                >
                  录入检查结果
                </Button>
              ) : null
            }
          />
        ) : null}
      </div>
      {editing ? (
        <FormDialog
          def={findingsDef}
          lang={lang}
          mode="edit"
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify.success('检查结果已保存')
            setEditing(null)
            setSaved((n) => n + 1)
          }}
        >
          <CourseFacts row={editing} />
        </FormDialog>
      ) : null}
    </section>
  )
}
