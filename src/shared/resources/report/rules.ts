import type { TableCode } from './tables'

/**
 * The check rules (reports-portal.md 4): id, default level and what they check. The level of each
 * may be changed per year in the task's settings (`ruleLevels`: error, warning, info or off). P-*
 * and I-* are import findings (reports-portal.md 2), not rules, and have no level setting.
 */
export type RuleLevel = 'error' | 'warning' | 'info'
export type RuleSetting = RuleLevel | 'off'

export interface RuleInfo {
  id: string
  level: RuleLevel
  /** Tables the rule applies to; empty = every table (field rules). */
  tables: TableCode[]
  title: string
}

const r = (id: string, level: RuleLevel, tables: TableCode[], title: string): RuleInfo => ({
  id,
  level,
  tables,
  title,
})

export const RULES: readonly RuleInfo[] = [
  r('F-01', 'warning', [], '名称类字段超过宽度，导出时截断'),
  r('F-02', 'error', [], '代码或数字超出字段宽度'),
  r('F-03', 'error', [], '含GBK无法表示的字符'),
  r('F-04', 'error', [], '字段不能为空'),
  r('F-05', 'error', [], '代码不在代码表中'),
  r('F-06', 'error', [], '年月/年份格式'),
  r('F-07', 'error', [], '晚于统计截止年月'),
  r('F-08', 'error', [], '学校代码与任务一致'),
  r('F-09', 'error', [], '国别码为GB/T 2659数字代码'),
  r('F-10', 'error', [], '分类号为8位数字'),
  r('F-11', 'error', [], '分类号在《高等学校固定资产分类及编码》中'),
  r('F-12', 'error', [], '所属学科为4位学科代码'),
  r('F-13', 'error', [], '专业技术职务为GB/T 8561代码'),
  r('F-14', 'error', [], '数值不能为负数'),
  r('SJ1-01', 'error', ['sj1'], '单价不低于SJ1单价下限'),
  r('SJ1-02', 'error', ['sj1'], '分类号不属于不统计的类别'),
  r('SJ1-03', 'error', ['sj1'], '使用方向为1或2'),
  r('SJ1-04', 'error', ['sj1'], '现状码为1、2、3、4、8、9'),
  r('SJ1-05', 'error', ['sj1'], '仪器编号全校唯一'),
  r('SJ2-01', 'error', ['sj2'], '每个填报单位一条SJ2记录'),
  r('SJ2-02', 'error', ['sj2'], '本学年末台件数 = 上学年末 + 增加 − 减少'),
  r('SJ2-03', 'error', ['sj2'], '本学年末金额 = 上学年末 + 增加 − 减少'),
  r('SJ2-04', 'error', ['sj2'], '其中10万元以上不大于合计'),
  r('SJ2-05', 'error', ['sj2'], '本学年末台件数与SJ1一致'),
  r('SJ2-06', 'error', ['sj2'], '本学年末金额与SJ1一致'),
  r('SJ2-07', 'error', ['sj2'], '本学年末10万元以上与SJ1一致'),
  r('SJ2-08', 'error', ['sj2'], '上学年末数与上学年上报的本学年末数一致'),
  r('SJ3-01', 'error', ['sj3'], '贵重仪器分类号以03开头'),
  r('SJ3-02', 'error', ['sj3'], '单价不低于SJ3单价下限'),
  r('SJ3-03', 'error', ['sj3'], '仪器编号在SJ1中'),
  r('SJ3-04', 'error', ['sj3'], '分类号、名称、单价、型号与SJ1一致'),
  r('SJ3-05', 'error', ['sj3'], '符合条件的SJ1设备都列入SJ3'),
  r('SJ3-06', 'warning', ['sj3'], '开放使用机时不大于使用机时合计'),
  r('SJ3-07', 'error', ['sj3'], 'SJ3中仪器编号唯一'),
  r('SJ3-08', 'warning', ['sj3'], '年使用机时不足时注明原因'),
  r('SJ4-01', 'error', ['sj4'], '实验编号全校唯一'),
  r('SJ4-02', 'error', ['sj4'], '实验编号末尾“*”只用于独立设课'),
  r('SJ4-03', 'error', ['sj4', 'sj5'], '实验室编号在SJ6中'),
  r('SJ4-04', 'error', ['sj4', 'sj5'], '实验室名称与SJ6一致'),
  r('SJ4-05', 'error', ['sj4'], '实验类型为1-5（网络实验加“*”）'),
  r('SJ4-06', 'warning', ['sj4'], '实验者人数、每组人数、学时数不为0'),
  r('SJ4-07', 'warning', ['sj4'], '每组人数不大于实验者人数'),
  r('SJ5-01', 'error', ['sj5'], '人员编号全校唯一'),
  r('SJ5-02', 'warning', ['sj5'], '年龄在18-75岁之间'),
  r('SJ6-01', 'error', ['sj6'], '实验室编号全校唯一'),
  r('SJ6-02', 'warning', ['sj6'], '材料消耗费不大于运行经费小计'),
  r('SJ6-03', 'warning', ['sj6', 'sj7'], 'SJ6运行经费合计与SJ7一致'),
  r('SJ7-01', 'error', ['sj7'], '每个填报单位一条SJ7记录'),
  r('SJ7-02', 'warning', ['sj7'], '经费投入总计等于各项小计之和'),
  r('SJ7-03', 'warning', ['sj7'], '其中不大于小计'),
  r('SJ7-04', 'warning', ['sj7'], '实验室个数与SJ6一致'),
  r('SJ7-05', 'warning', ['sj7'], '实验室面积与SJ6一致'),
  r('Y-01', 'warning', ['sj1', 'sj6', 'sj7'], '与上学年相比变化不超过阈值'),
]

export const RULE_IDS = RULES.map((x) => x.id)
export const ruleInfo = (id: string): RuleInfo | undefined => RULES.find((x) => x.id === id)
export const rulesOfTable = (table: TableCode): RuleInfo[] =>
  RULES.filter((x) => !x.tables.length || x.tables.includes(table))

export const LEVEL_LABELS: Record<RuleSetting, string> = {
  error: '错误',
  warning: '警告',
  info: '提示',
  off: '关闭',
}
