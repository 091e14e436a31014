import { Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { TableCode } from '../../shared/resources/report/tables'
import { StatusBadge } from './common'
import type { ReportScope } from './useReportScope'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  label: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  line: { flexBasis: '100%', display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
})

/**
 * The scope bar of an SJ screen: task, college (fixed for a college's staff), status, deadline, the
 * last check's counts, the audit flow's steps, the last audit comment and the 填报说明.
 */
export function ScopeBar({ scope }: { scope: ReportScope; table: TableCode }) {
  const s = useStyles()
  const { apply, data, steps, comments } = scope
  const sub = data?.submission ?? null
  const tasks = apply?.tasks ?? []
  const colleges = apply?.colleges ?? []
  const fixed = !!apply?.callerCollege
  const taskName = tasks.find((t) => t.taskSerialNum === scope.taskSerialNum)?.taskName ?? scope.taskSerialNum
  const collegeName =
    colleges.find((c) => c.collegeSerialNum === scope.collegeSerialNum)?.collegeName ?? '全部学院'
  const lastComment = [...comments].reverse().find((c) => c.comment)
  if (apply && !tasks.length)
    return (
      <div className={s.bar}>
        <Text>暂无已下发的报表任务</Text>
      </div>
    )
  return (
    <div className={s.bar} role="region" aria-label="填报范围">
      <span className={s.item}>
        <span className={s.label}>报表任务</span>
        <Dropdown
          aria-label="报表任务"
          size="small"
          value={taskName}
          selectedOptions={[scope.taskSerialNum]}
          onOptionSelect={(_, d) => d.optionValue && scope.setTask(d.optionValue)}
        >
          {tasks.map((t) => (
            <Option key={t.taskSerialNum} value={t.taskSerialNum}>
              {t.taskName}
            </Option>
          ))}
        </Dropdown>
      </span>
      <span className={s.item}>
        <span className={s.label}>学院</span>
        <Dropdown
          aria-label="学院"
          size="small"
          disabled={fixed}
          value={collegeName}
          selectedOptions={[scope.collegeSerialNum]}
          onOptionSelect={(_, d) => scope.setCollege(d.optionValue ?? '')}
        >
          {fixed ? null : <Option value="">全部学院</Option>}
          {colleges.map((c) => (
            <Option key={c.collegeSerialNum} value={c.collegeSerialNum}>
              {c.collegeName}
            </Option>
          ))}
        </Dropdown>
      </span>
      {sub ? (
        <>
          <span className={s.item} aria-label="填报状态">
            <span className={s.label}>状态</span>
            <StatusBadge status={sub.status} />
          </span>
          <span className={s.item}>
            <span className={s.label}>行数</span>
            {sub.rowCount}
          </span>
          <span className={s.item} aria-label="上次校验">
            <span className={s.label}>上次校验</span>
            {sub.checkTime ? (
              <>
                <span className={s.error}>错误{sub.checkErrors ?? 0}</span>
                <span className={s.warning}>警告{sub.checkWarnings ?? 0}</span>
                <span className={s.label}>{sub.checkTime}</span>
              </>
            ) : (
              '未校验'
            )}
          </span>
        </>
      ) : null}
      {data?.task?.deadline ? (
        <span className={s.item}>
          <span className={s.label}>截止日期</span>
          {data.task.deadline}
        </span>
      ) : null}
      <div className={s.line}>
        {steps.length ? (
          <span className={s.item}>
            <span className={s.label}>审核流程</span>
            {steps.map((x) => x.name).join(' → ')}
          </span>
        ) : null}
        {sub?.auditComment || lastComment ? (
          <span className={s.item} aria-label="审核意见">
            <span className={s.label}>审核意见</span>
            {sub?.auditComment ?? lastComment?.comment}
            {lastComment?.person ? <span className={s.label}>（{lastComment.person}）</span> : null}
          </span>
        ) : null}
        {sub?.remark ? (
          <span className={s.item}>
            <span className={s.label}>填报说明</span>
            {sub.remark}
          </span>
        ) : null}
      </div>
    </div>
  )
}
