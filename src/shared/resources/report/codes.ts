import { COUNTRY_NUMERIC } from './countries'
import {
  EXPERIMENT_CATEGORY as TEACH_CATEGORY,
  EXPERIMENT_REQUIREMENT as TEACH_REQUIREMENT,
  EXPERIMENTER_TYPE as TEACH_EXPERIMENTER,
  type CodeOption,
} from '../teach/codes'

/**
 * The code tables of the statutory reports (reports-portal.md 6): seeded as system dictionaries (the
 * equipment and lab areas bind their fields to the same codes, so extraction copies codes without
 * mapping), and read here by the check rules (F-05) and the forms.
 */
export interface CodeTable {
  code: string
  name: string
  items: readonly (readonly [string, string])[]
}

const table = (code: string, name: string, items: readonly (readonly [string, string])[]): CodeTable => ({
  code,
  name,
  items,
})

export const REPORT_SCHOOL_TYPE = table('report_school_type', '学校类型', [
  ['1', '普通本科/本科层次职业学校'],
  ['2', '高职(专科)/成人高校'],
])

export const REPORT_TASK_STATUS = table('report_task_status', '报表任务状态', [
  ['0', '草稿'],
  ['1', '已下发'],
  ['2', '已完成'],
])

export const REPORT_SUBMIT_STATUS = table('report_submit_status', '填报状态', [
  ['0', '未填报'],
  ['1', '填报中'],
  ['2', '待审核'],
  ['3', '已退回'],
  ['4', '已通过'],
])

export const REPORT_EQUIP_SOURCE = table('report_equip_source', '仪器来源', [
  ['1', '购置'],
  ['2', '捐赠'],
  ['3', '自制'],
  ['4', '校外调入'],
])

export const REPORT_EQUIP_STATUS = table('report_equip_status', '设备现状', [
  ['1', '在用'],
  ['2', '多余'],
  ['3', '待修'],
  ['4', '待报废'],
  ['5', '丢失'],
  ['6', '报废'],
  ['7', '调出'],
  ['8', '降档'],
  ['9', '其他'],
])

export const REPORT_USE_DIRECTION = table('report_use_direction', '使用方向', [
  ['1', '教学为主'],
  ['2', '科研为主'],
])

export const REPORT_LAB_CATEGORY = table('report_lab_category', '实验室类别', [
  ['1', '国家级实验教学示范中心'],
  ['2', '省级实验教学示范中心'],
  ['3', '按平台建设的校、院(系)实验室'],
  ['4', '其他'],
])

export const REPORT_LAB_TYPE = table('report_lab_type', '实验室类型', [
  ['1', '教学为主'],
  ['2', '科研为主'],
  ['3', '其他'],
])

export const COUNTRY_NUMERIC_TABLE = table('country_numeric', '国别码(GB/T 2659)', COUNTRY_NUMERIC)

export const LAB_FUND_CATEGORY = table('lab_fund_category', '实验室经费类别', [
  ['1', '教学仪器购置'],
  ['2', '其他仪器购置'],
  ['3', '教学仪器维护'],
  ['4', '其他仪器维护'],
  ['5', '材料消耗'],
  ['6', '其他运行'],
  ['7', '实验室建设'],
  ['8', '实验教学研究与改革'],
  ['9', '其他'],
])

/** SJ4 codes: the fixed options of teach_project (src/shared/resources/teach/codes.ts). */
const fromOptions = (code: string, name: string, options: CodeOption[]) =>
  table(
    code,
    name,
    options.map((o) => [String(o.value), o.label.zh] as const),
  )
export const EXPERIMENT_CATEGORY = fromOptions('report_experiment_category', '实验类别', TEACH_CATEGORY)
export const EXPERIMENT_REQUIREMENT = fromOptions(
  'report_experiment_requirement',
  '实验要求',
  TEACH_REQUIREMENT,
)
export const EXPERIMENTER_TYPE = fromOptions('report_experimenter_type', '实验者类别', TEACH_EXPERIMENTER)

export const REPORT_SEX = table('report_sex', '性别(GB/T 2261.1)', [
  ['1', '男'],
  ['2', '女'],
])

/** Every code table the reports seed as a system dictionary. */
export const REPORT_DICTIONARIES: readonly CodeTable[] = [
  REPORT_SCHOOL_TYPE,
  REPORT_TASK_STATUS,
  REPORT_SUBMIT_STATUS,
  REPORT_EQUIP_SOURCE,
  REPORT_EQUIP_STATUS,
  REPORT_USE_DIRECTION,
  REPORT_LAB_CATEGORY,
  REPORT_LAB_TYPE,
  COUNTRY_NUMERIC_TABLE,
  LAB_FUND_CATEGORY,
  REPORT_SEX,
]

/** The keys of a code table. */
export const keysOf = (t: CodeTable): string[] => t.items.map(([k]) => k)
