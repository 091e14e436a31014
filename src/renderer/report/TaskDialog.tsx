import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Tab,
  TabList,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import {
  reportLookups,
  taskApi,
  type DeptTreeNode,
  type ReportTask,
  type SchoolYearOption,
} from '../../shared/api/report'
import { REPORT_SCHOOL_TYPE } from '../../shared/resources/report/codes'
import { defaultSettings, type ReportSettings } from '../../shared/resources/report/settings'
import { REPORT_TABLES, tablesOfSchoolType } from '../../shared/resources/report/tables'
import { notify } from '../shell/notify'
import { call, quietCall } from '../shell/request'
import { SettingsForm } from './SettingsForm'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  wide: { gridColumn: '1 / span 2' },
  // The checkboxes sit outside a Field: a Field gives every control inside it the same id.
  groupLabel: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  colleges: {
    display: 'flex',
    flexWrap: 'wrap',
    maxHeight: '140px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalXS,
  },
  tree: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  body: {
    minHeight: '420px',
    maxHeight: 'calc(100vh - 220px)',
    overflowY: 'auto',
    paddingTop: tokens.spacingVerticalS,
  },
})

interface Form {
  taskName: string
  academicYear: string
  schoolCode: string
  statEndMonth: string
  schoolType: string
  processDefinitionId: string
  collegeSerialNums: string[]
  deadline: string
  remark: string
}

const flatten = (nodes: DeptTreeNode[]): DeptTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])])

function formOf(task: ReportTask | null): Form {
  return {
    taskName: task?.taskName ?? '',
    academicYear: task?.academicYear ?? '',
    schoolCode: task?.schoolCode ?? '',
    statEndMonth: task?.statEndMonth ?? '',
    schoolType: String(task?.schoolType ?? 1),
    processDefinitionId: task?.processDefinitionId ?? '',
    collegeSerialNums: task?.collegeSerialNums ? task.collegeSerialNums.split(',') : [],
    deadline: task?.deadline ?? '',
    remark: task?.remark ?? '',
  }
}

/**
 * 新增 / 修改 a task: 基本信息 (学年, 学校代码, 统计截止年月, 学校类型, 审核流程, 填报单位, the report
 * tree of the school type) and 口径与格式 (the year's settings). An issued task keeps its frozen fields
 * (the server answers what may change); settings freeze once a college has submitted.
 */
export function TaskDialog({
  task,
  onClose,
  onSaved,
}: {
  task: ReportTask | null
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const [tab, setTab] = useState<'basic' | 'settings'>('basic')
  const [form, setForm] = useState<Form>(() => formOf(task))
  const [settings, setSettings] = useState<ReportSettings>(() => task?.settings ?? defaultSettings())
  const [settingsTouched, setSettingsTouched] = useState(false)
  const [years, setYears] = useState<SchoolYearOption[]>([])
  const [flows, setFlows] = useState<{ id: string; name: string; version: number }[]>([])
  const [colleges, setColleges] = useState<DeptTreeNode[]>([])
  const [saving, setSaving] = useState(false)
  const [frozen, setFrozen] = useState(!!task?.settingsFrozen)
  const issued = !!task && task.status > 0

  useEffect(() => {
    quietCall(reportLookups.schoolYears)
      .then(setYears)
      .catch(() => undefined)
    quietCall(reportLookups.auditFlows, { query: { category: 'flow_12', current: 1, size: 100 } })
      .then((p) => setFlows(Array.isArray(p) ? p : (p.records ?? [])))
      .catch(() => undefined)
    quietCall(reportLookups.colleges, { query: {} })
      .then((tree) =>
        setColleges(flatten(tree).filter((d) => d.serial && (d.deptCategory === 1 || d.deptCategory === 2))),
      )
      .catch(() => undefined)
    if (task)
      call(taskApi.detail, { query: { id: task.id } })
        .then((t) => {
          setSettings(t.settings)
          setFrozen(!!t.settingsFrozen)
        })
        .catch(() => undefined)
  }, [task])

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))
  const toggleCollege = (serial: string, on: boolean) =>
    set(
      'collegeSerialNums',
      on ? [...form.collegeSerialNums, serial] : form.collegeSerialNums.filter((x) => x !== serial),
    )

  async function save() {
    setSaving(true)
    try {
      const body = {
        ...(task ? { id: task.id } : {}),
        taskName: form.taskName,
        academicYear: form.academicYear,
        schoolCode: form.schoolCode,
        statEndMonth: form.statEndMonth,
        schoolType: Number(form.schoolType),
        collegeSerialNums: form.collegeSerialNums,
        ...(form.processDefinitionId ? { processDefinitionId: form.processDefinitionId } : {}),
        deadline: form.deadline || null,
        remark: form.remark || null,
        ...(settingsTouched ? { settings: settings as unknown as Record<string, unknown> } : {}),
      }
      await call(task ? taskApi.update : taskApi.save, { body })
      notify.success(task ? '修改成功' : '新增成功')
      onSaved()
    } catch {
      // the server's message was toasted; the dialog stays open
    } finally {
      setSaving(false)
    }
  }

  const tables = tablesOfSchoolType(Number(form.schoolType))
  const yearLabel = years.find((y) => y.dictKey === form.academicYear)?.dictValue ?? form.academicYear
  const flowLabel = flows.find((f) => f.id === form.processDefinitionId)
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !saving && onClose()}>
      <DialogSurface style={{ width: 960, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>{task ? '修改报表任务' : '新增报表任务'}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'basic' | 'settings')}>
              <Tab value="basic">基本信息</Tab>
              <Tab value="settings">口径与格式</Tab>
            </TabList>
            <div className={s.body}>
              {tab === 'basic' ? (
                <div className={s.grid}>
                  <Field label="任务名称" required className={s.wide}>
                    <Input
                      value={form.taskName}
                      maxLength={100}
                      onChange={(_, d) => set('taskName', d.value)}
                    />
                  </Field>
                  <Field label="学年" required>
                    <Dropdown
                      aria-label="学年"
                      disabled={issued}
                      value={yearLabel}
                      selectedOptions={[form.academicYear]}
                      onOptionSelect={(_, d) => {
                        const y = d.optionValue ?? ''
                        setForm((f) => ({
                          ...f,
                          academicYear: y,
                          taskName: f.taskName || `${y}学年高等学校实验室信息统计`,
                          statEndMonth: f.statEndMonth || (y ? `${y.slice(5)}08` : ''),
                        }))
                      }}
                    >
                      {years.map((y) => (
                        <Option key={y.dictKey} value={y.dictKey}>
                          {y.dictValue}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label="学校代码" required hint="教育部5位数字码">
                    <Input
                      value={form.schoolCode}
                      disabled={issued}
                      maxLength={5}
                      onChange={(_, d) => set('schoolCode', d.value)}
                    />
                  </Field>
                  <Field label="统计截止年月" hint="YYYYMM，默认学年末8月">
                    <Input
                      value={form.statEndMonth}
                      disabled={issued}
                      maxLength={6}
                      onChange={(_, d) => set('statEndMonth', d.value)}
                    />
                  </Field>
                  <Field label="学校类型" required>
                    <Dropdown
                      aria-label="学校类型"
                      disabled={issued}
                      value={REPORT_SCHOOL_TYPE.items.find(([k]) => k === form.schoolType)?.[1] ?? ''}
                      selectedOptions={[form.schoolType]}
                      onOptionSelect={(_, d) => set('schoolType', d.optionValue ?? '1')}
                    >
                      {REPORT_SCHOOL_TYPE.items.map(([k, v]) => (
                        <Option key={k} value={k}>
                          {v}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label="审核流程" hint="不选则使用最新部署的统计报表审核流程">
                    <Dropdown
                      aria-label="审核流程"
                      disabled={issued}
                      value={flowLabel ? `${flowLabel.name} v${flowLabel.version}` : ''}
                      selectedOptions={form.processDefinitionId ? [form.processDefinitionId] : []}
                      onOptionSelect={(_, d) => set('processDefinitionId', d.optionValue ?? '')}
                    >
                      {flows.map((f) => (
                        <Option key={f.id} value={f.id}>
                          {`${f.name} v${f.version}`}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <Field label="填报截止日期">
                    <Input type="date" value={form.deadline} onChange={(_, d) => set('deadline', d.value)} />
                  </Field>
                  <div className={s.wide}>
                    <div className={s.groupLabel} id="report-task-colleges">
                      填报单位 *
                    </div>
                    <div className={s.colleges} role="group" aria-labelledby="report-task-colleges">
                      {colleges.map((c) => (
                        <Checkbox
                          key={c.id}
                          label={`${c.title}（${c.serial}）`}
                          checked={form.collegeSerialNums.includes(c.serial!)}
                          onChange={(_, d) => toggleCollege(c.serial!, !!d.checked)}
                        />
                      ))}
                    </div>
                  </div>
                  <Field label="报表" className={s.wide} hint="按学校类型确定需要填报的基表">
                    <div className={s.tree} aria-label="报表树">
                      全部报表：
                      {tables.map((t) => `${REPORT_TABLES[t].title}(${REPORT_TABLES[t].short})`).join('、')}
                    </div>
                  </Field>
                  <Field label="备注" className={s.wide}>
                    <Textarea
                      value={form.remark}
                      maxLength={500}
                      onChange={(_, d) => set('remark', d.value)}
                    />
                  </Field>
                </div>
              ) : (
                <SettingsForm
                  settings={settings}
                  frozen={frozen}
                  onChange={(next) => {
                    setSettings(next)
                    setSettingsTouched(true)
                  }}
                />
              )}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>
              保存
            </Button>
            <Button disabled={saving} onClick={onClose}>
              取消
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
