import { defineResource, type FieldDef, type Text } from '../../resource/types'

/** SJ3 asks for an explanation when a valuable instrument ran fewer hours than this in a 学年. */
export const LOW_USE_HOURS = 800

const label = (zh: string, en: string): Text => ({ zh, en })

/** A yearly count of SJ3 (width 2 to 6 in the TXT file, so at most `max`). */
const count = <N extends string>(
  name: N,
  l: Text,
  max: number,
  list = false,
): FieldDef & { name: N; type: 'int' } => ({
  name,
  type: 'int',
  label: l,
  min: 0,
  maxValue: max,
  default: 0,
  list,
  span: 6,
})

/**
 * 贵重仪器使用情况 (`assets_equipment_usage`): one row per valuable instrument (分类号 03, 单价 ≥
 * 400,000 元) and 学年 with the SJ3 usage and benefit figures: 机时 (teaching, research, social
 * service, of which open/shared), samples, trained people, projects, awards, patents, papers, the
 * person in charge, and the reason when total hours fall under 800.
 */
export const equipmentUsageResource = defineResource({
  name: 'equipmentusage',
  table: 'assets_equipment_usage',
  basePath: '/api/assets/equipment/usage',
  label: label('贵重仪器使用情况', 'Valuable instrument use'),
  tenant: true,
  permission: 'assets_equipment',
  dialogWidth: 960,
  defaultSort: { field: 'academicYear', desc: true },
  fields: [
    {
      name: 'equipmentId',
      type: 'id',
      label: label('仪器设备', 'Equipment'),
      required: label('请选择仪器设备', 'Please select the equipment'),
      form: false,
      list: false,
      search: 'equal',
    },
    {
      name: 'academicYear',
      type: 'string',
      max: 9,
      label: label('学年', 'School year'),
      required: label('请输入学年', 'Please enter the school year'),
      rules: [{ pattern: '^\\d{4}-\\d{4}$', message: label('学年格式应为 2024-2025', 'Like 2024-2025') }],
      search: 'equal',
    },
    count('teachHours', label('教学机时', 'Teaching hours'), 9999, true),
    count('researchHours', label('科研机时', 'Research hours'), 9999, true),
    count('serviceHours', label('社会服务机时', 'Service hours'), 9999, true),
    count('openHours', label('其中开放机时', 'Of which open'), 9999, true),
    count('sampleCount', label('测样数', 'Samples'), 999999),
    count('trainStudents', label('培训学生数', 'Students trained'), 9999),
    count('trainTeachers', label('培训教师数', 'Teachers trained'), 9999),
    count('trainOthers', label('培训其他人员数', 'Others trained'), 9999),
    count('teachProjects', label('教学实验项目数', 'Teaching experiments'), 999),
    count('researchProjects', label('科研项目数', 'Research projects'), 999),
    count('serviceProjects', label('社会服务项目数', 'Service projects'), 9999),
    count('awardsNational', label('国家级获奖', 'National awards'), 99),
    count('awardsProvincial', label('省部级获奖', 'Provincial awards'), 99),
    count('patentsTeacher', label('教师发明专利', 'Teacher patents'), 99),
    count('patentsStudent', label('学生发明专利', 'Student patents'), 99),
    count('papersIndexed', label('三大检索论文', 'SCI/EI/ISTP papers'), 999),
    count('papersCore', label('核心刊物论文', 'Core journal papers'), 999),
    {
      name: 'managerName',
      type: 'string',
      max: 8,
      label: label('负责人', 'Person in charge'),
    },
    {
      name: 'lowUseReason',
      type: 'string',
      max: 500,
      label: label('机时不足800小时说明', 'Why under 800 hours'),
      control: 'textarea',
      span: 24,
      list: false,
    },
  ],
})
