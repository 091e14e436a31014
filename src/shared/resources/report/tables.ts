import {
  EXPERIMENT_CATEGORY,
  EXPERIMENT_REQUIREMENT,
  EXPERIMENTER_TYPE,
  REPORT_EQUIP_SOURCE,
  REPORT_EQUIP_STATUS,
  REPORT_LAB_CATEGORY,
  REPORT_LAB_TYPE,
  REPORT_SEX,
  REPORT_USE_DIRECTION,
  type CodeTable,
} from './codes'

/**
 * The seven MOE base tables (reports-portal.md 2): every field in file order with its zh label, its
 * kind and default TXT width. One definition feeds the tables (src/server/db/schema/report.ts), the
 * TXT layout (a task's settings may change width, kind, align and decimals per year), the check
 * rules, the Excel headers and the forms.
 *
 * Kinds: C text (left-aligned, space-padded), N integer and D decimal (right-aligned), M YYYYMM,
 * Y YYYY.
 */
export type FieldKind = 'C' | 'N' | 'D' | 'M' | 'Y'

/** How a field is checked beyond its kind (F-08 … F-13). */
export type FieldRule = 'schoolCode' | 'classCode' | 'country' | 'subject' | 'title' | 'education' | 'expert'

export interface ReportField<N extends string = string, K extends FieldKind = FieldKind> {
  name: N
  label: string
  kind: K
  width: number
  /** D: places after the point (2 unless the layout says otherwise). */
  decimals?: number
  /** A name-like C field: cut at a character boundary on export (F-01 warning), not refused. */
  cut?: boolean
  /** The field's code list (F-05). */
  codes?: CodeTable
  rule?: FieldRule
  /** What an unknown value is written as (F-04 hint): 0, *, 无, 000. */
  empty?: string
  /** Excel: a numeric cell is padded with zeros to this length (I-07). */
  zeroPad?: number
  /** Stored length of a C field (default 255). */
  max?: number
}

export type TableCode = 'sj1' | 'sj2' | 'sj3' | 'sj4' | 'sj5' | 'sj6' | 'sj7'
export const TABLE_CODES: readonly TableCode[] = ['sj1', 'sj2', 'sj3', 'sj4', 'sj5', 'sj6', 'sj7']
export const isTableCode = (v: unknown): v is TableCode => TABLE_CODES.includes(v as TableCode)

export interface ReportTableDef<F extends readonly ReportField[] = readonly ReportField[]> {
  code: TableCode
  /** `SJ1` */
  short: string
  title: string
  en: string
  /** One record per college (SJ2, SJ7), summed into one for the school. */
  single: boolean
  /** The school-wide key of a row (SJ1/SJ3 仪器编号, SJ4 实验编号, SJ5 人员编号, SJ6 实验室编号). */
  keyField?: string
  fields: F
}

const f = <const N extends string, const K extends FieldKind>(
  name: N,
  label: string,
  kind: K,
  width: number,
  more: Omit<ReportField, 'name' | 'label' | 'kind' | 'width'> = {},
): ReportField<N, K> => ({
  name,
  label,
  kind,
  width,
  ...(kind === 'N' || kind === 'D' ? { empty: '0' } : {}),
  ...more,
})

const schoolCode = f('schoolCode', '学校代码', 'C', 5, { rule: 'schoolCode', zeroPad: 5 })
const n = <const N extends string>(name: N, label: string, width: number) => f(name, label, 'N', width)
const money = <const N extends string>(name: N, label: string, width: number) =>
  f(name, label, 'D', width, { decimals: 2 })

export const SJ1_FIELDS = [
  schoolCode,
  f('equipmentNo', '仪器编号', 'C', 8),
  f('classCode', '分类号', 'C', 8, { rule: 'classCode', zeroPad: 8 }),
  f('equipmentName', '仪器名称', 'C', 30, { cut: true }),
  f('model', '型号', 'C', 20, { cut: true, empty: '*' }),
  f('specification', '规格', 'C', 30, { cut: true, empty: '*', max: 500 }),
  f('sourceCode', '仪器来源', 'C', 1, { codes: REPORT_EQUIP_SOURCE }),
  f('countryCode', '国别码', 'C', 3, { rule: 'country', empty: '000', zeroPad: 3 }),
  f('unitPrice', '单价(元)', 'D', 12, { decimals: 2 }),
  f('purchaseMonth', '购置日期', 'M', 6),
  f('statusCode', '现状码', 'C', 1, { codes: REPORT_EQUIP_STATUS }),
  f('useDirection', '使用方向', 'C', 1, { codes: REPORT_USE_DIRECTION }),
  f('unitCode', '单位编号', 'C', 10),
  f('unitName', '单位名称', 'C', 50, { cut: true }),
] as const

export const SJ2_FIELDS = [
  schoolCode,
  n('lastCount', '上学年末实有数·台件', 8),
  money('lastAmount', '上学年末实有数·金额', 11),
  n('lastBigCount', '上学年末·其中10万元以上·台件', 6),
  money('lastBigAmount', '上学年末·其中10万元以上·金额', 9),
  n('addCount', '本学年增加数·台件', 6),
  money('addAmount', '本学年增加数·金额', 9),
  n('reduceCount', '本学年减少数·台件', 6),
  money('reduceAmount', '本学年减少数·金额', 9),
  n('endCount', '本学年末实有数·台件', 8),
  money('endAmount', '本学年末实有数·金额', 11),
  n('endBigCount', '本学年末·其中10万元以上·台件', 6),
  money('endBigAmount', '本学年末·其中10万元以上·金额', 9),
] as const

export const SJ3_FIELDS = [
  schoolCode,
  f('equipmentNo', '仪器编号', 'C', 8),
  f('classCode', '分类号', 'C', 8, { rule: 'classCode', zeroPad: 8 }),
  f('equipmentName', '仪器名称', 'C', 30, { cut: true }),
  f('unitPrice', '单价(元)', 'D', 12, { decimals: 2 }),
  f('model', '型号', 'C', 20, { cut: true, empty: '*' }),
  f('specification', '规格', 'C', 200, { cut: true, empty: '*', max: 500 }),
  n('teachHours', '使用机时·教学', 4),
  n('researchHours', '使用机时·科研', 4),
  n('serviceHours', '使用机时·社会服务', 4),
  n('openHours', '使用机时·其中开放使用机时', 4),
  n('sampleCount', '测样数', 6),
  n('trainStudents', '培训人员数·学生', 4),
  n('trainTeachers', '培训人员数·教师', 4),
  n('trainOthers', '培训人员数·其他', 4),
  n('teachProjects', '教学实验项目数', 3),
  n('researchProjects', '科研项目数', 3),
  n('serviceProjects', '社会服务项目数', 4),
  n('awardNational', '获奖情况·国家级', 2),
  n('awardProvincial', '获奖情况·省部级', 2),
  n('patentTeacher', '发明专利·教师', 2),
  n('patentStudent', '发明专利·学生', 2),
  n('paperIndexed', '论文情况·三大检索', 3),
  n('paperCore', '论文情况·核心刊物', 3),
  f('managerName', '负责人姓名', 'C', 8, { cut: true, empty: '无' }),
] as const

export const SJ4_FIELDS = [
  schoolCode,
  f('experimentNo', '实验编号', 'C', 13),
  f('experimentName', '实验名称', 'C', 50, { cut: true }),
  f('experimentCategory', '实验类别', 'C', 1, { codes: EXPERIMENT_CATEGORY }),
  f('experimentType', '实验类型', 'C', 2),
  f('subjectCode', '实验所属学科', 'C', 4, { rule: 'subject', zeroPad: 4 }),
  f('requirement', '实验要求', 'C', 1, { codes: EXPERIMENT_REQUIREMENT }),
  f('experimenterType', '实验者类别', 'C', 1, { codes: EXPERIMENTER_TYPE }),
  n('experimenterCount', '实验者人数', 6),
  n('groupSize', '每组人数', 2),
  n('hours', '实验学时数', 4),
  f('labCode', '实验室编号', 'C', 10),
  f('labName', '实验室名称', 'C', 50, { cut: true }),
] as const

export const SJ5_FIELDS = [
  schoolCode,
  f('staffNo', '人员编号', 'C', 7),
  f('labCode', '实验室编号', 'C', 10),
  f('labName', '实验室名称', 'C', 50, { cut: true }),
  f('staffName', '姓名', 'C', 8, { cut: true }),
  f('sex', '性别', 'C', 1, { codes: REPORT_SEX }),
  f('birthMonth', '出生年月', 'M', 6),
  f('subjectCode', '所属学科', 'C', 4, { rule: 'subject', zeroPad: 4 }),
  f('titleCode', '专业技术职务', 'C', 3, { rule: 'title', zeroPad: 3 }),
  f('educationCode', '文化程度', 'C', 2, { rule: 'education', zeroPad: 2 }),
  f('expertCode', '专家类别', 'C', 2, { rule: 'expert', zeroPad: 2 }),
  n('domDegreeTime', '国内培训·学历教育时间', 3),
  n('domOtherTime', '国内培训·非学历教育时间', 3),
  n('abroadDegreeTime', '国外培训·学历教育时间', 3),
  n('abroadOtherTime', '国外培训·非学历教育时间', 3),
] as const

export const SJ6_FIELDS = [
  schoolCode,
  f('labCode', '实验室编号', 'C', 10),
  f('labName', '实验室名称', 'C', 50, { cut: true }),
  f('labCategory', '实验室类别', 'C', 1, { codes: REPORT_LAB_CATEGORY }),
  f('foundedYear', '建立年份', 'Y', 4),
  // 面积: integer m² by default (decimals 0); a year's layout may give it decimals.
  f('area', '房屋使用面积(m²)', 'D', 6, { decimals: 0 }),
  f('labType', '实验室类型', 'C', 1, { codes: REPORT_LAB_TYPE }),
  f('subjectCode', '所属学科', 'C', 4, { rule: 'subject', zeroPad: 4 }),
  n('teacherAwardNational', '教师获奖与成果·国家级', 2),
  n('teacherAwardProvincial', '教师获奖与成果·省部级', 2),
  n('patents', '教师获奖与成果·发明专利', 2),
  n('studentAwards', '学生获奖情况', 2),
  n('paperIndexedTeach', '三大检索收录·教学', 3),
  n('paperIndexedResearch', '三大检索收录·科研', 3),
  n('paperCoreTeach', '核心刊物·教学', 3),
  n('paperCoreResearch', '核心刊物·科研', 3),
  n('textbooks', '实验教材', 2),
  n('researchProjectsHigh', '科研项目数·省部级以上', 2),
  n('researchProjectsOther', '科研项目数·其他', 3),
  n('serviceProjects', '社会服务项目数', 3),
  n('teachResearchHigh', '教研项目数·省部级以上', 3),
  n('teachResearchOther', '教研项目数·其他', 3),
  n('thesisJunior', '毕业设计和论文人数·专科生', 4),
  n('thesisUndergrad', '毕业设计和论文人数·本科生', 4),
  n('thesisGraduate', '毕业设计和论文人数·研究生', 4),
  n('openExpIn', '开放实验·实验个数·校内', 6),
  n('openExpOut', '开放实验·实验个数·校外', 6),
  n('openPeopleIn', '开放实验·实验人数·校内', 6),
  n('openPeopleOut', '开放实验·实验人数·校外', 6),
  n('openHoursIn', '开放实验·实验人时数·校内', 8),
  n('openHoursOut', '开放实验·实验人时数·校外', 6),
  n('partTimeStaff', '兼任人员数', 3),
  money('runningFunds', '实验教学运行经费·小计(万元)', 8),
  money('materialFunds', '其中教学实验年材料消耗费(万元)', 8),
] as const

export const SJ7_FIELDS = [
  schoolCode,
  n('labCount', '实验室个数', 6),
  f('labArea', '实验室房屋使用面积(m²)', 'D', 8, { decimals: 0 }),
  money('totalFunds', '经费投入·总计(万元)', 10),
  money('equipPurchase', '仪器设备购置经费·小计', 8),
  money('equipPurchaseTeach', '其中教学仪器购置经费', 8),
  money('equipMaintain', '仪器设备维护经费·小计', 8),
  money('equipMaintainTeach', '其中教学仪器维护经费', 8),
  money('runningFunds', '实验教学运行经费·小计', 8),
  money('materialFunds', '其中年材料消耗经费', 8),
  money('constructionFunds', '实验室建设经费', 8),
  money('reformFunds', '实验教学研究与改革经费', 8),
  money('otherFunds', '其他', 8),
] as const

const def = <F extends readonly ReportField[]>(d: ReportTableDef<F>) => d

export const REPORT_TABLES = {
  sj1: def({
    code: 'sj1',
    short: 'SJ1',
    title: '教学科研仪器设备表',
    en: 'Teaching and research equipment',
    single: false,
    keyField: 'equipmentNo',
    fields: SJ1_FIELDS,
  }),
  sj2: def({
    code: 'sj2',
    short: 'SJ2',
    title: '教学科研仪器设备增减变动情况表',
    en: 'Equipment changes',
    single: true,
    fields: SJ2_FIELDS,
  }),
  sj3: def({
    code: 'sj3',
    short: 'SJ3',
    title: '贵重仪器设备表',
    en: 'Valuable instruments',
    single: false,
    keyField: 'equipmentNo',
    fields: SJ3_FIELDS,
  }),
  sj4: def({
    code: 'sj4',
    short: 'SJ4',
    title: '教学实验项目表',
    en: 'Teaching experiment projects',
    single: false,
    keyField: 'experimentNo',
    fields: SJ4_FIELDS,
  }),
  sj5: def({
    code: 'sj5',
    short: 'SJ5',
    title: '专任实验室人员表',
    en: 'Full-time lab staff',
    single: false,
    keyField: 'staffNo',
    fields: SJ5_FIELDS,
  }),
  sj6: def({
    code: 'sj6',
    short: 'SJ6',
    title: '实验室基本情况表',
    en: 'Laboratories',
    single: false,
    keyField: 'labCode',
    fields: SJ6_FIELDS,
  }),
  sj7: def({
    code: 'sj7',
    short: 'SJ7',
    title: '实验室经费情况表',
    en: 'Laboratory funding',
    single: true,
    fields: SJ7_FIELDS,
  }),
} as const

export const tableDef = (code: TableCode): ReportTableDef => REPORT_TABLES[code]

/** The tables a school type reports (moe-reports.md 0): 本科 all seven, 高职/成人 SJ1, SJ2, SJ3, SJ7. */
export const tablesOfSchoolType = (schoolType: number): TableCode[] =>
  schoolType === 2 ? ['sj1', 'sj2', 'sj3', 'sj7'] : [...TABLE_CODES]

/** `{TABLE}` of a file name and the zh name with its code: `教学科研仪器设备表(SJ1)`. */
export const tableTitle = (code: TableCode): string =>
  `${REPORT_TABLES[code].title}(${REPORT_TABLES[code].short})`

/** Where a row came from (reports-portal.md 2). */
export const SOURCE_TYPES = [
  ['1', '抽取'],
  ['2', '导入TXT'],
  ['3', '导入Excel'],
  ['4', '手工'],
  ['5', '导入设备'],
] as const
export const SOURCE = { extract: 1, txt: 2, excel: 3, manual: 4, equipment: 5 } as const

/** Submission states (dict report_submit_status) and task states (report_task_status). */
export const SUBMIT_STATUS = { empty: 0, filling: 1, pending: 2, returned: 3, approved: 4 } as const
export const TASK_STATUS = { draft: 0, issued: 1, finished: 2 } as const
