import {
  Dropdown,
  Field,
  Input,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useState } from 'react'
import { LEVEL_LABELS, rulesOfTable, type RuleSetting } from '../../shared/resources/report/rules'
import { recordLength, type LayoutField, type ReportSettings } from '../../shared/resources/report/settings'
import { REPORT_TABLES, TABLE_CODES, type TableCode } from '../../shared/resources/report/tables'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr)',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    marginBottom: tokens.spacingVerticalM,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalS}`,
  },
  narrow: { width: '72px' },
  frozen: { color: tokens.colorPaletteDarkOrangeForeground1, marginBottom: tokens.spacingVerticalS },
})

const KIND_NAMES: Record<string, string> = { C: '文本', N: '整数', D: '小数', M: '年月', Y: '年份' }

/**
 * 口径与格式: thresholds, file name, rule levels and the width / kind / align grid of each table's TXT
 * layout for this year. The server validates the whole (layoutProblems) on save.
 */
export function SettingsForm({
  settings,
  frozen,
  onChange,
}: {
  settings: ReportSettings
  frozen: boolean
  onChange: (next: ReportSettings) => void
}) {
  const s = useStyles()
  const [table, setTable] = useState<TableCode>('sj1')
  const set = <K extends keyof ReportSettings>(key: K, value: ReportSettings[K]) =>
    onChange({ ...settings, [key]: value })
  const num = (
    key: 'sj1MinPrice' | 'sj3MinPrice' | 'bigItemPrice' | 'sj3MinHours' | 'yoyRatio',
    label: string,
  ) => (
    <Field label={label}>
      <Input
        aria-label={label}
        disabled={frozen}
        value={String(settings[key])}
        onChange={(_, d) => set(key, d.value as unknown as number)}
      />
    </Field>
  )
  const layout = settings.layouts[table]
  const setField = (i: number, patch: Partial<LayoutField>) =>
    set('layouts', { ...settings.layouts, [table]: layout.map((f, n) => (n === i ? { ...f, ...patch } : f)) })
  const setLevel = (id: string, level: string) =>
    set('ruleLevels', { ...settings.ruleLevels, [id]: level as RuleSetting })

  return (
    <div>
      {frozen ? <div className={s.frozen}>已有学院提交审核，口径与格式不能再修改</div> : null}
      <div className={s.grid}>
        {num('sj1MinPrice', 'SJ1单价下限(元)')}
        {num('sj3MinPrice', 'SJ3单价下限(元)')}
        {num('bigItemPrice', '大型设备单价(元)')}
        {num('sj3MinHours', 'SJ3机时下限(小时)')}
        {num('yoyRatio', '同比变化阈值')}
        <Field label="不统计的分类号前缀">
          <Input
            aria-label="不统计的分类号前缀"
            disabled={frozen}
            value={settings.excludedClassPrefixes.join(',')}
            onChange={(_, d) => set('excludedClassPrefixes', d.value.split(/[,，\s]+/) as string[])}
          />
        </Field>
        <Field label="文件名" hint="{TABLE}{SCHOOL}.txt">
          <Input
            aria-label="文件名"
            disabled={frozen}
            value={settings.fileName}
            onChange={(_, d) => set('fileName', d.value)}
          />
        </Field>
        <Field label="培训时间单位">
          <Input
            aria-label="培训时间单位"
            disabled={frozen}
            value={settings.trainingUnit}
            onChange={(_, d) => set('trainingUnit', d.value)}
          />
        </Field>
      </div>
      <div className={s.head}>
        <Dropdown
          aria-label="报表"
          value={`${REPORT_TABLES[table].short} ${REPORT_TABLES[table].title}`}
          selectedOptions={[table]}
          onOptionSelect={(_, d) => setTable((d.optionValue ?? 'sj1') as TableCode)}
        >
          {TABLE_CODES.map((t) => (
            <Option key={t} value={t}>{`${REPORT_TABLES[t].short} ${REPORT_TABLES[t].title}`}</Option>
          ))}
        </Dropdown>
        <span aria-label="记录长度">
          记录长度 {recordLength(layout.map((f) => ({ ...f, width: Number(f.width) || 0 })))} 字节
        </span>
      </div>
      <Table size="small" aria-label="字段宽度">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>序号</TableHeaderCell>
            <TableHeaderCell>字段</TableHeaderCell>
            <TableHeaderCell>宽度(字节)</TableHeaderCell>
            <TableHeaderCell>类型</TableHeaderCell>
            <TableHeaderCell>小数位</TableHeaderCell>
            <TableHeaderCell>对齐</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {layout.map((f, i) => (
            <TableRow key={f.name}>
              <TableCell>{f.no}</TableCell>
              <TableCell>{f.label}</TableCell>
              <TableCell>
                <Input
                  className={s.narrow}
                  aria-label={`${f.label}宽度`}
                  disabled={frozen}
                  value={String(f.width)}
                  onChange={(_, d) => setField(i, { width: d.value as unknown as number })}
                />
              </TableCell>
              <TableCell>{KIND_NAMES[f.kind] ?? f.kind}</TableCell>
              <TableCell>
                {f.kind === 'D' ? (
                  <Input
                    className={s.narrow}
                    aria-label={`${f.label}小数位`}
                    disabled={frozen}
                    value={String(f.decimals)}
                    onChange={(_, d) => setField(i, { decimals: d.value as unknown as number })}
                  />
                ) : null}
              </TableCell>
              <TableCell>
                <Dropdown
                  aria-label={`${f.label}对齐`}
                  disabled={frozen}
                  style={{ minWidth: '80px' }}
                  value={f.align === 'L' ? '左' : '右'}
                  selectedOptions={[f.align]}
                  onOptionSelect={(_, d) => setField(i, { align: (d.optionValue ?? 'L') as 'L' | 'R' })}
                >
                  <Option value="L">左</Option>
                  <Option value="R">右</Option>
                </Dropdown>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className={s.head}>规则级别（{REPORT_TABLES[table].short}）</div>
      <Table size="small" aria-label="规则级别">
        <TableBody>
          {rulesOfTable(table).map((r) => {
            const level = settings.ruleLevels[r.id] ?? r.level
            return (
              <TableRow key={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.title}</TableCell>
                <TableCell>
                  <Dropdown
                    aria-label={`${r.id}级别`}
                    disabled={frozen}
                    style={{ minWidth: '96px' }}
                    value={LEVEL_LABELS[level]}
                    selectedOptions={[level]}
                    onOptionSelect={(_, d) => setLevel(r.id, d.optionValue ?? r.level)}
                  >
                    {(['error', 'warning', 'info', 'off'] as const).map((l) => (
                      <Option key={l} value={l}>
                        {LEVEL_LABELS[l]}
                      </Option>
                    ))}
                  </Dropdown>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </div>
  )
}
