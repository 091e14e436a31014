import { defineResource } from '../../resource/types'
import {
  COMPETITION_BASE,
  COMPETITION_DICTS,
  academicYearField,
  attachField,
  datetime,
  dictInt,
  int,
  kept,
  str,
} from './common'

/** Round status (dict competition_round_status): preliminaries and finals alike (A.6, A.7). */
export const ROUND_STATUS = { draft: 0, auditing: 1, returned: 2, approved: 3 } as const
/** Final results (A.7): resultStatus of the final, status of a result row. */
export const RESULT_STATUS = { none: 0, entered: 1, submitted: 2 } as const
/** 获奖等级 (dict competition_award): 1–5 count as awards, 9 未获奖. */
export const AWARD = { special: 1, first: 2, second: 3, third: 4, merit: 5, none: 9 } as const

const projectField = {
  name: 'projectId',
  type: 'id',
  label: { zh: '竞赛项目', en: 'Project' },
  required: { zh: '请选择竞赛项目', en: 'Please select the project' },
  list: false,
  search: 'equal',
} as const

const leaderUser = {
  name: 'leaderUserId',
  type: 'id',
  label: { zh: '负责教师账号', en: 'Leader account' },
  form: false,
  list: false,
} as const

const roundStatus = dictInt('status', { zh: '状态', en: 'Status' }, COMPETITION_DICTS.roundStatus, {
  form: false,
  search: 'equal',
  default: 0,
})

/** 初赛 (A.6). */
export const competitionPreliminaryResource = defineResource({
  name: 'competitionPreliminary',
  table: 'competition_project_preliminary',
  basePath: `${COMPETITION_BASE}/competitionprojectpreliminary`,
  label: { zh: '初赛管理', en: 'Preliminaries' },
  tenant: true,
  permission: 'competition_preliminary',
  routes: [],
  fields: [
    projectField,
    kept({ ...academicYearField, required: undefined, list: false }),
    leaderUser,
    datetime(
      'preliminaryTime',
      { zh: '初赛时间', en: 'Held at' },
      {
        required: { zh: '请选择初赛时间', en: 'Please select the time' },
      },
    ),
    { name: 'addressId', type: 'id', label: { zh: '比赛地点', en: 'Venue' }, list: false },
    str('addressName', { zh: '比赛地点', en: 'Venue' }, 100),
    {
      name: 'form',
      type: 'int',
      label: { zh: '形式', en: 'Form' },
      control: 'select',
      options: [
        { label: { zh: '线下', en: 'On site' }, value: 1 },
        { label: { zh: '线上', en: 'Online' }, value: 2 },
      ],
      min: 1,
      maxValue: 2,
      default: 1,
    },
    str('judges', { zh: '评委', en: 'Judges' }, 200),
    {
      name: 'advanceRule',
      type: 'int',
      label: { zh: '晋级规则', en: 'Advance by' },
      control: 'select',
      options: [
        { label: { zh: '按名次', en: 'Rank' }, value: 1 },
        { label: { zh: '按分数线', en: 'Score' }, value: 2 },
      ],
      min: 1,
      maxValue: 2,
      default: 1,
      list: false,
    },
    int('advanceCount', { zh: '晋级名额', en: 'Places to advance' }, 0, 9999, { list: false }),
    {
      name: 'advanceScore',
      type: 'decimal',
      label: { zh: '晋级分数线', en: 'Pass mark' },
      min: 0,
      maxValue: 100,
      list: false,
    },
    kept(int('entryCount', { zh: '报名数', en: 'Entries' }, 0, 99999)),
    kept(int('advanceTotal', { zh: '晋级数', en: 'Advanced' }, 0, 99999)),
    str('summary', { zh: '初赛总结', en: 'Summary' }, 2000, { control: 'textarea', span: 24, list: false }),
    attachField({ zh: '附件', en: 'Attachments' }),
    roundStatus,
    kept(str('processInstanceId', { zh: '流程实例', en: 'Process' }, 64, { list: false })),
    kept(datetime('submitTime', { zh: '提交时间', en: 'Submitted at' }, { list: false })),
  ],
})

/** 初赛成绩 (A.6); also the standard set of 初赛结果 (`competitionprojectpreliminaryresult`). */
export const competitionPreliminaryResultResource = defineResource({
  name: 'competitionPreliminaryResult',
  table: 'competition_project_preliminary_result',
  basePath: `${COMPETITION_BASE}/competitionprojectpreliminaryresult`,
  label: { zh: '初赛结果', en: 'Preliminary results' },
  tenant: true,
  permission: 'competition_preliminaryresult',
  defaultSort: { field: 'rank' },
  fields: [
    kept({ name: 'preliminaryId', type: 'id', label: { zh: '初赛', en: 'Preliminary' }, list: false }),
    kept({
      ...projectField,
      required: undefined,
      list: true,
      columnWidth: 180,
      // the filter and the column: the 学年's 立项 projects the caller reaches
      remote: {
        url: `${COMPETITION_BASE}/competitionprojectapply/page?status=4&size=500`,
        label: 'projectName',
        value: 'id',
      },
    }),
    leaderUser,
    {
      name: 'appointmentId',
      type: 'id',
      label: { zh: '报名', en: 'Entry' },
      required: { zh: '请选择报名', en: 'Please select the entry' },
      list: false,
    },
    kept({
      name: 'entryType',
      type: 'int',
      label: { zh: '报名类型', en: 'Type' },
      options: [
        { label: { zh: '个人', en: 'Personal' }, value: 1 },
        { label: { zh: '团队', en: 'Team' }, value: 2 },
      ],
    }),
    kept(str('teamName', { zh: '团队名称', en: 'Team' }, 50)),
    kept(str('memberNos', { zh: '学号', en: 'Student nos.' }, 500)),
    kept(str('memberNames', { zh: '姓名', en: 'Names' }, 500)),
    kept(str('deptSerial', { zh: '院系', en: 'College' }, 20, { list: false })),
    kept(str('classNo', { zh: '班级', en: 'Class' }, 30, { list: false })),
    {
      name: 'score',
      type: 'decimal',
      label: { zh: '初赛成绩', en: 'Score' },
      min: 0,
      maxValue: 100,
      control: 'number',
    },
    kept(int('rank', { zh: '名次', en: 'Rank' }, 1, 99999, { sortable: true })),
    {
      name: 'advance',
      type: 'int',
      label: { zh: '是否晋级', en: 'Advances' },
      control: 'switch',
      min: 0,
      maxValue: 1,
      default: 0,
      options: [
        { label: { zh: '是', en: 'Yes' }, value: 1 },
        { label: { zh: '否', en: 'No' }, value: 0 },
      ],
      search: 'equal',
    },
    str('remark', { zh: '备注', en: 'Remark' }, 200),
  ],
})

/** 决赛 (A.7). */
export const competitionFinalResource = defineResource({
  name: 'competitionFinal',
  table: 'competition_project_final',
  basePath: `${COMPETITION_BASE}/competitionprojectfinal`,
  label: { zh: '决赛管理', en: 'Finals' },
  tenant: true,
  permission: 'competition_final',
  routes: [],
  fields: [
    projectField,
    kept({ ...academicYearField, required: undefined, list: false }),
    leaderUser,
    dictInt('finalLevel', { zh: '决赛级别', en: 'Level' }, COMPETITION_DICTS.level, {
      required: { zh: '请选择决赛级别', en: 'Please select the level' },
      min: 1,
      maxValue: 6,
      search: 'equal',
    }),
    str('finalName', { zh: '决赛名称', en: 'Final' }, 100, { search: 'like', columnWidth: 200 }),
    datetime(
      'finalTime',
      { zh: '决赛时间', en: 'Held at' },
      {
        required: { zh: '请选择决赛时间', en: 'Please select the time' },
      },
    ),
    { name: 'addressId', type: 'id', label: { zh: '比赛地点', en: 'Venue' }, list: false },
    str('addressName', { zh: '比赛地点', en: 'Venue' }, 100),
    str('organizer', { zh: '主办单位', en: 'Organiser' }, 100, { list: false }),
    kept(int('entryCount', { zh: '参赛数', en: 'Entrants' }, 0, 99999)),
    roundStatus,
    kept({
      name: 'resultStatus',
      type: 'int',
      label: { zh: '结果状态', en: 'Results' },
      options: [
        { label: { zh: '未录入', en: 'Not entered' }, value: 0 },
        { label: { zh: '已录入', en: 'Entered' }, value: 1 },
        { label: { zh: '已提交', en: 'Submitted' }, value: 2 },
      ],
      default: 0,
    }),
    kept(str('processInstanceId', { zh: '流程实例', en: 'Process' }, 64, { list: false })),
    kept(datetime('submitTime', { zh: '提交时间', en: 'Submitted at' }, { list: false })),
    str('remark', { zh: '备注', en: 'Remark' }, 255, { list: false }),
  ],
})

/** 决赛结果 (A.7): one row per entrant; counted in statistics once submitted (status 1). */
export const competitionFinalResultResource = defineResource({
  name: 'competitionFinalResult',
  table: 'competition_project_final_result',
  basePath: `${COMPETITION_BASE}/competitionprojectfinalresult`,
  label: { zh: '决赛结果', en: 'Final results' },
  tenant: true,
  permission: 'competition_final',
  routes: [],
  fields: [
    { name: 'finalId', type: 'id', label: { zh: '决赛', en: 'Final' }, list: false },
    { name: 'projectId', type: 'id', label: { zh: '竞赛项目', en: 'Project' }, list: false },
    kept({ ...academicYearField, required: undefined, list: false }),
    dictInt('finalLevel', { zh: '决赛级别', en: 'Level' }, COMPETITION_DICTS.level),
    { name: 'appointmentId', type: 'id', label: { zh: '报名', en: 'Entry' }, list: false },
    {
      name: 'entryType',
      type: 'int',
      label: { zh: '报名类型', en: 'Type' },
      options: [
        { label: { zh: '个人', en: 'Personal' }, value: 1 },
        { label: { zh: '团队', en: 'Team' }, value: 2 },
      ],
    },
    str('teamName', { zh: '团队名称', en: 'Team' }, 50),
    str('memberNos', { zh: '学号', en: 'Student nos.' }, 500),
    str('memberNames', { zh: '成员', en: 'Members' }, 500),
    str('leaderName', { zh: '队长', en: 'Leader' }, 50),
    str('teacherNames', { zh: '指导教师', en: 'Instructors' }, 200),
    str('deptSerial', { zh: '院系', en: 'College' }, 20, { list: false }),
    str('classNo', { zh: '班级', en: 'Class' }, 30, { list: false }),
    dictInt('award', { zh: '获奖等级', en: 'Award' }, COMPETITION_DICTS.award),
    { name: 'score', type: 'decimal', label: { zh: '决赛成绩', en: 'Score' }, min: 0, maxValue: 9999.99 },
    int('rank', { zh: '名次', en: 'Rank' }, 1, 99999),
    str('certificateNo', { zh: '获奖证书编号', en: 'Certificate no.' }, 50),
    { name: 'awardDate', type: 'date', label: { zh: '获奖日期', en: 'Awarded on' } },
    str('remark', { zh: '备注', en: 'Remark' }, 200, { list: false }),
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      form: false,
      options: [
        { label: { zh: '草稿', en: 'Draft' }, value: 0 },
        { label: { zh: '已提交', en: 'Submitted' }, value: 1 },
      ],
      default: 0,
    },
  ],
})
