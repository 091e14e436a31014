import { defineResource } from '../../resource/types'
import { COMPETITION_BASE, academicYearField, int, kept, str } from './common'

/** 报名类型 / 来源 (A.5). */
export const ENTRY_TYPE = { personal: 1, team: 2 } as const
export const ENTRY_SOURCE = { self: 1, teacher: 2, staff: 3 } as const

/** 竞赛报名 (domain A.5): an entry, personal or team; its members are `competition_project_appointment_member`. */
export const competitionAppointmentResource = defineResource({
  name: 'competitionAppointment',
  table: 'competition_project_appointment',
  basePath: `${COMPETITION_BASE}/competitionprojectappointment`,
  label: { zh: '竞赛报名', en: 'Sign-ups' },
  tenant: true,
  permission: 'competition_appointment',
  routes: [],
  fields: [
    { name: 'projectId', type: 'id', label: { zh: '竞赛项目', en: 'Project' }, list: false, search: 'equal' },
    { ...academicYearField, list: false },
    {
      name: 'entryType',
      type: 'int',
      label: { zh: '报名类型', en: 'Type' },
      control: 'select',
      options: [
        { label: { zh: '个人', en: 'Personal' }, value: 1 },
        { label: { zh: '团队', en: 'Team' }, value: 2 },
      ],
      min: 1,
      maxValue: 2,
      search: 'equal',
    },
    str('teamName', { zh: '团队名称', en: 'Team' }, 50),
    str('leaderStudentNo', { zh: '队长学号', en: 'Leader no.' }, 30),
    str('leaderName', { zh: '队长', en: 'Leader' }, 50),
    { name: 'instructorTeacherIds', type: 'ids', label: { zh: '指导教师', en: 'Instructors' }, list: false },
    str('workTitle', { zh: '作品名称', en: 'Work' }, 100),
    str('phone', { zh: '联系电话', en: 'Phone' }, 11, {
      rules: [
        { pattern: '^1\\d{10}$', message: { zh: '联系电话格式不正确', en: 'The phone number is not valid' } },
      ],
      list: false,
    }),
    kept(int('memberCount', { zh: '人数', en: 'Members' }, 1, 10)),
    kept({
      name: 'source',
      type: 'int',
      label: { zh: '来源', en: 'Source' },
      options: [
        { label: { zh: '本人报名', en: 'Self' }, value: 1 },
        { label: { zh: '教师代报', en: 'By a teacher' }, value: 2 },
        { label: { zh: '管理员补报', en: 'By the office' }, value: 3 },
      ],
    }),
    str('remark', { zh: '备注', en: 'Remark' }, 200, { list: false }),
    kept(str('deptSerial', { zh: '院系', en: 'College' }, 20, { list: false })),
    kept(str('classNo', { zh: '班级', en: 'Class' }, 30, { list: false })),
  ],
})
