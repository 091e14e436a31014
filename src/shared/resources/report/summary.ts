import { REPORT_TABLES, type TableCode } from './tables'

/**
 * The key figures a table is summarised by (历史报表, 报表审核, summary-select): name and zh label.
 * SJ2 and SJ7 are summarised by every field of their one record.
 */
export interface Figure {
  key: string
  label: string
}

const numberFields = (table: TableCode): Figure[] =>
  REPORT_TABLES[table].fields
    .filter((f) => f.kind === 'N' || f.kind === 'D')
    .map((f) => ({ key: f.name, label: f.label }))

export const SUMMARY_FIGURES: Record<TableCode, Figure[]> = {
  sj1: [
    { key: 'rows', label: '台件数' },
    { key: 'amount', label: '金额(万元)' },
    { key: 'bigCount', label: '其中10万元以上台件' },
    { key: 'bigAmount', label: '其中10万元以上金额(万元)' },
  ],
  sj2: numberFields('sj2'),
  sj3: [
    { key: 'rows', label: '台件数' },
    { key: 'amount', label: '金额(万元)' },
    { key: 'hours', label: '使用机时合计' },
    { key: 'samples', label: '测样数' },
  ],
  sj4: [
    { key: 'rows', label: '实验项目数' },
    { key: 'people', label: '实验者人数' },
    { key: 'hours', label: '实验学时数' },
  ],
  sj5: [{ key: 'rows', label: '专任人员数' }],
  sj6: [
    { key: 'rows', label: '实验室数' },
    { key: 'area', label: '房屋使用面积(m²)' },
    { key: 'runningFunds', label: '运行经费(万元)' },
    { key: 'materialFunds', label: '材料消耗费(万元)' },
  ],
  sj7: numberFields('sj7'),
}
