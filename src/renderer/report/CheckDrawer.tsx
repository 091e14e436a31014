import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import type { CheckItem, CheckResult } from '../../shared/api/report'
import { LEVEL_LABELS } from '../../shared/resources/report/rules'

const useStyles = makeStyles({
  summary: { display: 'flex', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  group: { marginBottom: tokens.spacingVerticalM },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', fontWeight: 600 },
  item: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    fontSize: tokens.fontSizeBase200,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
})

const LEVEL_COLOR = { error: 'danger', warning: 'warning', info: 'informative' } as const

/** `第17行 单价 500.00：单价500.00元低于800元，不属于SJ1统计范围` */
export function findingText(i: CheckItem): string {
  const where = [i.rowNo ? `第${i.rowNo}行` : '', i.fieldLabel ?? '', i.value ?? ''].filter(Boolean).join(' ')
  return where ? `${where}：${i.message}` : i.message
}

/** The findings of a check grouped by rule (rule id, title, count); a click picks the finding's row. */
export function CheckDrawer({
  result,
  onClose,
  onPick,
}: {
  result: CheckResult
  onClose: () => void
  onPick?: (item: CheckItem) => void
}) {
  const s = useStyles()
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, d) => !d.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />
          }
        >
          校验结果
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <div className={s.summary} aria-label="校验汇总">
          <Badge color={result.passed ? 'success' : 'danger'}>
            {result.passed ? '校验通过' : '校验未通过'}
          </Badge>
          <span>错误 {result.errors}</span>
          <span>警告 {result.warnings}</span>
          <span>提示 {result.infos}</span>
          <span>共校验 {result.checkedRows} 行</span>
        </div>
        {result.byRule.map((rule) => (
          <section key={rule.ruleId} className={s.group} aria-label={rule.ruleId}>
            <div className={s.head}>
              <Badge appearance="tint" color={LEVEL_COLOR[rule.level]}>
                {LEVEL_LABELS[rule.level]}
              </Badge>
              <span>
                {rule.ruleId} {rule.title}
              </span>
              <span>（{rule.count}）</span>
            </div>
            {result.items
              .filter((i) => i.ruleId === rule.ruleId)
              .map((i, n) => (
                <button key={n} type="button" className={s.item} onClick={() => onPick?.(i)}>
                  {rule.ruleId} {findingText(i)}
                </button>
              ))}
          </section>
        ))}
      </DrawerBody>
    </OverlayDrawer>
  )
}
