import { defineResource } from '../../resource/types'
import {
  COMPETITION_BASE,
  academicYearField,
  attachField,
  datetime,
  deptSerialField,
  int,
  requiredStr,
  str,
} from './common'

/** 竞赛参数 (domain A.1): one row per 学年, written by `parameter/submit` (upsert by 学年). */
export const competitionParameterResource = defineResource({
  name: 'competitionParameter',
  table: 'competition_parameter',
  basePath: `${COMPETITION_BASE}/parameter`,
  label: { zh: '竞赛参数', en: 'Competition settings' },
  tenant: true,
  permission: 'competition_parameter',
  routes: [],
  fields: [
    academicYearField,
    datetime('applyStart', { zh: '申报开始时间', en: 'Applications open' }),
    datetime('applyEnd', { zh: '申报截止时间', en: 'Applications close' }),
    int('maxProjectsPerStudent', { zh: '每生每学年限报项目数', en: 'Projects per student a year' }, 0, 20, {
      default: 3,
    }),
    int('defaultMinMembers', { zh: '团队人数下限', en: 'Team size from' }, 1, 10, { default: 2 }),
    int('defaultMaxMembers', { zh: '团队人数上限', en: 'Team size to' }, 1, 10, { default: 5 }),
    int('minReviewers', { zh: '最少评审人数', en: 'Reviewers needed' }, 1, 20, { default: 3 }),
    int('gradeARatio', { zh: 'A类比例(%)', en: 'Grade A share (%)' }, 0, 100, { default: 20 }),
    int('gradeBRatio', { zh: 'B类比例(%)', en: 'Grade B share (%)' }, 0, 100, { default: 50 }),
    {
      name: 'majorSerials',
      type: 'text',
      label: { zh: '统计专业', en: 'Majors counted' },
      control: 'multiselect',
      remote: {
        url: '/api/basedata/sysmajor/getCptArrangeParameterMajorList',
        label: 'majorName',
        value: 'majorSerial',
      },
      span: 24,
    },
    str('remark', { zh: '备注', en: 'Remark' }, 500, { control: 'textarea', span: 24 }),
  ],
})

/** 比赛地点 (A.1): saved with the parameters, never deleted, only 停用. */
export const competitionAddressResource = defineResource({
  name: 'competitionAddress',
  table: 'competition_address',
  basePath: `${COMPETITION_BASE}/parameter`,
  label: { zh: '比赛地点', en: 'Venues' },
  tenant: true,
  permission: 'competition_parameter',
  routes: [],
  defaultSort: { field: 'sort' },
  fields: [
    requiredStr('addressName', { zh: '地点名称', en: 'Venue' }, 100, {
      unique: { zh: '比赛地点已存在', en: 'The venue already exists' },
      search: 'like',
    }),
    str('campusArea', { zh: '校区', en: 'Campus' }, 50),
    { name: 'roomId', type: 'id', label: { zh: '关联房间', en: 'Room' }, list: false },
    int('capacity', { zh: '容纳人数', en: 'Capacity' }, 0, 9999),
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: [
        { label: { zh: '启用', en: 'Enabled' }, value: 1 },
        { label: { zh: '停用', en: 'Disabled' }, value: 0 },
      ],
      min: 0,
      maxValue: 1,
      default: 1,
      search: 'equal',
    },
    int('sort', { zh: '排序', en: 'Sort' }, 0, 100000, { default: 0 }),
    str('remark', { zh: '备注', en: 'Remark' }, 255),
  ],
})

/** 校赛数据 (A.2): a college's yearly return; the computed counts are added on read. */
export const competitionCampusResource = defineResource({
  name: 'competitionCampus',
  table: 'competition_campus',
  basePath: `${COMPETITION_BASE}/parameter`,
  label: { zh: '校赛数据', en: 'Campus data' },
  tenant: true,
  permission: 'competition_campus',
  routes: [],
  fields: [
    academicYearField,
    { ...deptSerialField(), required: { zh: '请选择院系', en: 'Please select the college' } },
    int('campusCount', { zh: '院级竞赛场次', en: 'College competitions' }, 0, 999, { default: 0 }),
    int('campusParticipants', { zh: '参赛人次', en: 'Participations' }, 0, 999999, { default: 0 }),
    int('campusAwards', { zh: '获奖人次', en: 'Awards' }, 0, 99999, { default: 0 }),
    {
      name: 'fundsInvested',
      type: 'decimal',
      label: { zh: '经费投入（元）', en: 'Funds (yuan)' },
      min: 0,
      maxValue: 9999999999.99,
      control: 'number',
      default: 0,
    },
    str('summary', { zh: '工作总结', en: 'Summary' }, 2000, { control: 'textarea', span: 24, list: false }),
    attachField({ zh: '附件', en: 'Attachments' }),
    { name: 'fillUser', type: 'id', label: { zh: '填报人', en: 'Filled by' }, form: false, list: false },
    datetime('fillTime', { zh: '填报时间', en: 'Filled at' }, { form: false }),
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      form: false,
      options: [
        { label: { zh: '未填报', en: 'Not filled' }, value: 0 },
        { label: { zh: '已填报', en: 'Filled' }, value: 1 },
      ],
    },
  ],
})
