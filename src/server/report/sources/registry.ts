import type { Data } from '../../core/data'
import type { Page } from '../../core/envelope'
import type { Paging } from '../../core/query'
import { bad } from '../../core/errors'

/**
 * Where extraction reads live data (reports-portal.md 5): one adapter per source area, registered by
 * `registerReportSource` once that area's tables exist. A missing source answers 尚未接入…数据, and the
 * table is filled by import or by hand instead; tests register fake adapters.
 */

/** The unit a scope covers: the college's dept and every dept below it. */
export interface SourceScope {
  collegeSerial: string
  collegeName: string
  /** The college's dept and its descendants. */
  deptIds: string[]
  /** Their 院系号 / unit codes (where set). */
  deptSerials: string[]
  academicYear: string
  /** 9月1日 and 8月31日 of the 学年 (yyyy-MM-dd). */
  yearStart: string
  yearEnd: string
}

/** An equipment item as the equipment area keeps it, in SJ1's terms (codes of reports-portal.md 6). */
export interface EquipmentRecord {
  id: string
  assetNo: string
  classCode: string | null
  name: string | null
  model: string | null
  spec: string | null
  sourceCode: string | null
  countryCode: string | null
  /** 元, decimal text. */
  unitPrice: string | null
  /** 验收 (acceptance) date, yyyy-MM-dd. */
  acceptDate: string | null
  /** 现状 on the 学年's last day (8月31日) when the area keeps the history, else the current one. */
  statusCode: string | null
  /** yyyy-MM-dd when disposed (status 5/6/7). */
  disposalDate: string | null
  useDirection: string | null
  unitCode: string | null
  unitName: string | null
  keeper: string | null
}

/** SJ3 fields 8–25 of an instrument for the 学年, as the equipment area records them. */
export interface EquipmentUsage {
  teachHours: number
  researchHours: number
  serviceHours: number
  openHours: number
  sampleCount: number
  trainStudents: number
  trainTeachers: number
  trainOthers: number
  teachProjects: number
  researchProjects: number
  serviceProjects: number
  awardNational: number
  awardProvincial: number
  patentTeacher: number
  patentStudent: number
  paperIndexed: number
  paperCore: number
  managerName: string | null
  /** Why the hours are low (SJ3-08 explanation), kept as the row's 说明. */
  remark: string | null
}

/** The 导入设备 picker's filters over the register (reports-portal.md 5). */
export interface EquipmentFilter {
  /** 分类号 prefix. */
  classCode?: string
  /** Text in 仪器名称 or 仪器编号. */
  keyword?: string
  /** 购置日期 range, yyyy-MM-dd, inclusive. */
  purchasedFrom?: string
  purchasedTo?: string
  /** Holding units (院系号); absent: every unit the caller may see. */
  unitCodes?: string[]
}

export interface EquipmentSource {
  /** Items held by units under the college (any status; extraction applies the SJ1 scope). */
  list(data: Data, scope: SourceScope): Promise<EquipmentRecord[]>
  /** Items by id (导入设备), within the caller's reach. */
  byIds(data: Data, ids: string[]): Promise<EquipmentRecord[]>
  /** The picker: a page of the items matching `filter` within the caller's reach, by 仪器编号 (current values, like `byIds`). */
  search(data: Data, filter: EquipmentFilter, paging: Paging): Promise<Page<EquipmentRecord>>
  /** Usage of the 学年 by item id, when the area keeps usage records. */
  usage?(data: Data, ids: string[], scope: SourceScope): Promise<Map<string, EquipmentUsage>>
}

/** A teaching experiment project run in the 学年, in SJ4's terms. */
export interface ProjectRecord {
  id: string
  experimentNo: string
  name: string
  category: string | null
  type: string | null
  isNetwork: boolean
  subjectCode: string | null
  requirement: string | null
  experimenterType: string | null
  experimenterCount: number | null
  groupSize: number | null
  hours: number | null
  independentCourse: boolean
  labCode: string | null
  labName: string | null
}

export interface ProjectSource {
  list(data: Data, scope: SourceScope): Promise<ProjectRecord[]>
}

/** A full-time lab staff member (base_teacher with labStaff = 1) and the lab they are assigned to. */
export interface StaffRecord {
  id: string
  staffNo: string
  name: string
  sex: string | null
  /** yyyy-MM-dd */
  birthday: string | null
  subjectCode: string | null
  titleCode: string | null
  /** dict education key (mapped by settings.educationMap). */
  education: string | null
  expertCode: string | null
  labCode: string | null
  labName: string | null
  training?: { domDegree: number; domOther: number; abroadDegree: number; abroadOther: number }
}

export interface StaffSource {
  list(data: Data, scope: SourceScope): Promise<StaffRecord[]>
}

/** A laboratory of the college, in SJ6's terms. */
export interface LabRecord {
  id: string
  labCode: string
  labName: string
  category: string | null
  foundedYear: string | null
  /** m², decimal text. */
  area: string | null
  labType: string | null
  subjectCode: string | null
  openExpIn?: number
  openExpOut?: number
  openPeopleIn?: number
  openPeopleOut?: number
  openHoursIn?: number
  openHoursOut?: number
  partTimeStaff?: number
  runningFunds?: string | null
  materialFunds?: string | null
}

export interface LabSource {
  list(data: Data, scope: SourceScope): Promise<LabRecord[]>
}

/** 学生获奖情况 per lab (the competition area's studentAwardsByLab). */
export interface AwardSource {
  /** Count by lab code (实验室编号). */
  byLab(data: Data, scope: SourceScope): Promise<Map<string, number>>
}

/** Lab funds of the 学年 in 万元 by dict lab_fund_category key. */
export interface FundSource {
  byCategory(data: Data, scope: SourceScope): Promise<Map<string, string>>
}

export interface ReportSources {
  equipment: EquipmentSource
  projects: ProjectSource
  staff: StaffSource
  labs: LabSource
  awards: AwardSource
  funds: FundSource
}

export type SourceKind = keyof ReportSources

export const SOURCE_LABELS: Record<SourceKind, string> = {
  equipment: '仪器设备',
  projects: '实验项目',
  staff: '实验室人员',
  labs: '实验室信息',
  awards: '学生获奖',
  funds: '实验室经费',
}

const registry: Partial<ReportSources> = {}

/** Registers (or with `null` removes) a source adapter; answers the previous one. */
export function registerReportSource<K extends SourceKind>(
  kind: K,
  adapter: ReportSources[K] | null,
): ReportSources[K] | undefined {
  const previous = registry[kind]
  if (adapter) registry[kind] = adapter
  else delete registry[kind]
  return previous
}

export const optionalSource = <K extends SourceKind>(kind: K): ReportSources[K] | undefined => registry[kind]

/** The adapter, or 400 尚未接入…数据，无法抽取；可通过导入TXT或Excel填报. */
export function requireSource<K extends SourceKind>(kind: K): ReportSources[K] {
  return registry[kind] ?? bad(`尚未接入${SOURCE_LABELS[kind]}数据，无法抽取；可通过导入TXT或Excel填报`)
}
