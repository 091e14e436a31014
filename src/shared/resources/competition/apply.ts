import { defineResource } from '../../resource/types'
import {
  COMPETITION_BASE,
  COMPETITION_DICTS,
  academicYearField,
  attachField,
  datetime,
  dictInt,
  flag,
  int,
  kept,
  requiredDict,
  requiredStr,
  str,
} from './common'

/** Application status (dict competition_apply_status, A.3). */
export const APPLY_STATUS = {
  draft: 0,
  auditing: 1,
  returned: 2,
  reviewing: 3,
  approved: 4,
  rejected: 5,
} as const

/** 参赛形式 (dict competition_entry_mode). */
export const ENTRY_MODE = { personal: 1, team: 2, either: 3 } as const

/** 竞赛项目申报 (domain A.3, A.4): the application, then the review figures and the grade. */
export const competitionApplyResource = defineResource({
  name: 'competitionApply',
  table: 'competition_project_apply',
  basePath: `${COMPETITION_BASE}/competitionprojectapply`,
  label: { zh: '竞赛项目申报', en: 'Project applications' },
  tenant: true,
  permission: 'competition_apply',
  dialogWidth: 960,
  routes: [],
  fields: [
    kept(str('applyNo', { zh: '申报编号', en: 'Application no.' }, 12, { search: 'like', columnWidth: 110 })),
    academicYearField,
    requiredStr('projectName', { zh: '竞赛项目名称', en: 'Project' }, 100, {
      search: 'like',
      columnWidth: 180,
    }),
    requiredStr('competitionName', { zh: '赛事名称', en: 'Competition' }, 100, { columnWidth: 180 }),
    requiredDict('competitionLevel', { zh: '竞赛级别', en: 'Level' }, COMPETITION_DICTS.level, {
      min: 1,
      maxValue: 6,
      search: 'equal',
    }),
    requiredDict('competitionCategory', { zh: '竞赛类别', en: 'Category' }, COMPETITION_DICTS.category, {
      min: 1,
      maxValue: 3,
    }),
    requiredStr('organizer', { zh: '主办单位', en: 'Organiser' }, 100, { list: false }),
    requiredStr('deptSerial', { zh: '承办院系', en: 'Host college' }, 20, { search: 'equal', list: false }),
    { name: 'labId', type: 'id', label: { zh: '依托实验室', en: 'Laboratory' }, list: false },
    {
      name: 'leaderTeacherId',
      type: 'id',
      label: { zh: '负责教师', en: 'Leader' },
      required: { zh: '请选择负责教师', en: 'Please select the leading teacher' },
      list: false,
    },
    {
      name: 'leaderUserId',
      type: 'id',
      label: { zh: '负责教师账号', en: 'Leader account' },
      form: false,
      list: false,
    },
    { name: 'teacherIds', type: 'ids', label: { zh: '指导教师', en: 'Instructors' }, list: false },
    requiredDict('entryMode', { zh: '参赛形式', en: 'Entry' }, COMPETITION_DICTS.entryMode, {
      min: 1,
      maxValue: 3,
    }),
    int('minMembers', { zh: '团队人数下限', en: 'Team size from' }, 1, 10, { list: false }),
    int('maxMembers', { zh: '团队人数上限', en: 'Team size to' }, 1, 10, { list: false }),
    int('maxEntries', { zh: '报名名额', en: 'Places' }, 0, 9999, { default: 0 }),
    kept(int('entryCount', { zh: '已报名', en: 'Entries' }, 0, 99999)),
    datetime(
      'signupStart',
      { zh: '报名开始时间', en: 'Sign-up opens' },
      {
        required: { zh: '请选择报名开始时间', en: 'Please select when sign-up opens' },
        list: false,
      },
    ),
    datetime(
      'signupEnd',
      { zh: '报名截止时间', en: 'Sign-up closes' },
      {
        required: { zh: '请选择报名截止时间', en: 'Please select when sign-up closes' },
      },
    ),
    flag('preliminaryRequired', { zh: '设初赛', en: 'Preliminary round' }, { default: 1, list: false }),
    {
      name: 'planStart',
      type: 'date',
      label: { zh: '比赛开始日期', en: 'Competition from' },
      required: { zh: '请选择比赛开始日期', en: 'Please select the start date' },
      list: false,
    },
    {
      name: 'planEnd',
      type: 'date',
      label: { zh: '比赛结束日期', en: 'Competition to' },
      required: { zh: '请选择比赛结束日期', en: 'Please select the end date' },
      list: false,
    },
    int('expectedParticipants', { zh: '预计参赛人数', en: 'Expected participants' }, 1, 99999, {
      list: false,
    }),
    {
      name: 'budget',
      type: 'decimal',
      label: { zh: '申请经费（元）', en: 'Budget (yuan)' },
      min: 0,
      maxValue: 10000000,
      control: 'number',
      default: 0,
    },
    {
      name: 'content',
      type: 'text',
      max: 5000,
      label: { zh: '实施方案', en: 'Plan' },
      required: { zh: '请输入实施方案', en: 'Please enter the plan' },
      control: 'textarea',
      span: 24,
    },
    attachField({ zh: '申报书附件', en: 'Application files' }),
    kept(
      dictInt('status', { zh: '状态', en: 'Status' }, COMPETITION_DICTS.applyStatus, {
        search: 'equal',
        default: 0,
      }),
    ),
    kept(dictInt('grade', { zh: '评定等级', en: 'Grade' }, COMPETITION_DICTS.grade)),
    kept({ name: 'approvedFunds', type: 'decimal', label: { zh: '核定经费（元）', en: 'Approved funds' } }),
    kept({ name: 'avgScore', type: 'decimal', label: { zh: '评审均分', en: 'Mean score' }, list: false }),
    kept(int('scoreCount', { zh: '评审人数', en: 'Reviews' }, 0, 9999, { list: false })),
    kept(int('rank', { zh: '排名', en: 'Rank' }, 0, 99999, { list: false })),
    kept({ name: 'gradeUser', type: 'id', label: { zh: '评定人', en: 'Graded by' }, list: false }),
    kept(datetime('gradeTime', { zh: '评定时间', en: 'Graded at' }, { list: false })),
    kept(str('processInstanceId', { zh: '流程实例', en: 'Process' }, 64, { list: false })),
    kept(datetime('submitTime', { zh: '提交时间', en: 'Submitted at' }, { list: false })),
  ],
})
