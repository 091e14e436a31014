import { Button, Dropdown, Option } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import {
  courseApi,
  courseProjectApi,
  projectApi,
  type LinkedProject,
  type Project,
} from '../../shared/api/teach'
import { teachCourseResource } from '../../shared/resources/teach/course'
import { EXPERIMENT_TYPE, labelOfCode } from '../../shared/resources/teach/codes'
import type { FieldExtra } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { Modal } from './schedule/BatchDialogs'
import { call, quietCall } from '../shell/request'
import { idPart } from './ProjectPage'
import { SimpleTable, type Row } from './shared'

const COURSE_FIELD_EXTRAS: Record<string, FieldExtra> = {
  courseNumber: {
    check: async (value, _values, id) => {
      const taken = await quietCall(courseApi.checkCourseNumber, {
        query: { courseNumber: String(value), ...idPart(id) },
      })
      return taken ? '课程号已存在' : undefined
    },
  },
}

/** 关联项目: the course's projects, 取消关联, and a picker of the projects the user may link. */
export function CourseProjectsDialog({ course, onClose }: { course: Row; onClose: () => void }) {
  const can = usePermissions()
  const courseId = String(course.id)
  const [linked, setLinked] = useState<LinkedProject[]>([])
  const [choices, setChoices] = useState<Project[]>([])
  const [picked, setPicked] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const load = useCallback(() => {
    call(courseProjectApi.projectList, { query: { teachCourseId: courseId } })
      .then(setLinked)
      .catch(() => setLinked([]))
  }, [courseId])
  useEffect(() => {
    load()
    call(projectApi.page, { query: { current: 1, size: 500, status: 1 } })
      .then((page) => setChoices(page.records as Project[]))
      .catch(() => setChoices([]))
  }, [load])
  const run = async (work: () => Promise<string>) => {
    setBusy(true)
    try {
      notify.success(await work())
      setPicked([])
      load()
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  const linkedIds = new Set(linked.map((p) => String(p.id)))
  const offered = choices.filter((p) => !linkedIds.has(String(p.id)))
  return (
    <Modal
      title={`关联项目：${String(course.courseName ?? '')}`}
      width={900}
      onClose={onClose}
      actions={<Button onClick={onClose}>关闭</Button>}
    >
      {can('teach_course_assign') ? (
        <div style={{ display: 'flex', gap: 8 }}>
          <Dropdown
            aria-label="选择实验项目"
            multiselect
            placeholder="选择要关联的实验项目"
            style={{ flex: 1 }}
            selectedOptions={picked}
            value={offered
              .filter((p) => picked.includes(String(p.id)))
              .map((p) => p.experimentName)
              .join('、')}
            onOptionSelect={(_, d) => setPicked(d.selectedOptions)}
          >
            {offered.map((p) => (
              <Option
                key={String(p.id)}
                value={String(p.id)}
                text={`${p.experimentNumber} ${p.experimentName}`}
              >
                {`${p.experimentNumber} ${p.experimentName}`}
              </Option>
            ))}
          </Dropdown>
          <Button
            appearance="primary"
            disabled={busy || !picked.length}
            onClick={() =>
              void run(async () => {
                const a = await call(courseProjectApi.batchSubmit, {
                  body: { teachCourseId: courseId, projectIds: picked },
                })
                return `已关联${a.added}个项目`
              })
            }
          >
            关联
          </Button>
        </div>
      ) : null}
      <SimpleTable
        label="已关联项目"
        head={['实验编号', '实验名称', '实验类型', '实验学时', '操作']}
        empty="尚未关联实验项目"
        rows={linked.map((p) => [
          p.experimentNumber,
          p.experimentName,
          labelOfCode(EXPERIMENT_TYPE, p.experimentType),
          String(p.hours ?? ''),
          can('teach_course_unassign') ? (
            <Button
              key="unlink"
              size="small"
              appearance="transparent"
              disabled={busy}
              onClick={() =>
                void (async () => {
                  if (!(await confirm(`确定取消关联『${p.experimentName}』？`))) return
                  await run(async () => {
                    await call(courseProjectApi.batchRemove, {
                      body: { teachCourseId: courseId, projectIds: [String(p.id)] },
                    })
                    return '已取消关联'
                  })
                })()
              }
            >
              取消关联
            </Button>
          ) : null,
        ])}
      />
    </Modal>
  )
}

/** 实验课程: the list, 课程号 checked on blur, 关联项目 per course. */
export default function CoursePage() {
  const can = usePermissions()
  const [linking, setLinking] = useState<Row | null>(null)
  return (
    <>
      <ResourcePage
        def={teachCourseResource}
        fieldExtras={COURSE_FIELD_EXTRAS}
        rowExtra={(row) =>
          can('teach_course_assign') || can('teach_course_unassign') ? (
            <Button size="small" appearance="transparent" onClick={() => setLinking(row)}>
              关联项目
            </Button>
          ) : null
        }
      />
      {linking ? <CourseProjectsDialog course={linking} onClose={() => setLinking(null)} /> : null}
    </>
  )
}
