import { defineResource } from '../../resource/types'

export const BOOKING_STATUS = { cancelled: 0, booked: 1 } as const
export const BOOKING_SOURCE = { student: 1, staff: 2 } as const

/** 预约学生 (experiment_project_stu): one booking of a slot; cancelled ones stay for statistics. */
export const experimentProjectStuResource = defineResource({
  name: 'experimentProjectStu',
  table: 'experiment_project_stu',
  basePath: '/api/experimentProject/projectstu',
  label: { zh: '预约学生', en: 'Subscribed students' },
  tenant: true,
  permission: 'experiment_projectstu',
  routes: [],
  fields: [
    { name: 'projectId', type: 'id', label: { zh: '预约项目', en: 'Project' } },
    { name: 'timeId', type: 'id', label: { zh: '预约时段', en: 'Slot' } },
    { name: 'studentNo', type: 'string', max: 30, label: { zh: '学号', en: 'Student no.' }, search: 'like' },
    { name: 'studentName', type: 'string', max: 50, label: { zh: '姓名', en: 'Name' }, search: 'like' },
    { name: 'classNo', type: 'string', max: 30, label: { zh: '班级', en: 'Class' } },
    { name: 'deptSerial', type: 'string', max: 20, label: { zh: '院系', en: 'College' } },
    {
      name: 'source',
      type: 'int',
      label: { zh: '来源', en: 'Source' },
      options: [
        { label: { zh: '学生预约', en: 'Student' }, value: 1 },
        { label: { zh: '教师添加', en: 'Staff' }, value: 2 },
      ],
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      options: [
        { label: { zh: '已预约', en: 'Booked' }, value: 1 },
        { label: { zh: '已取消', en: 'Cancelled' }, value: 0 },
      ],
    },
    { name: 'subscribeTime', type: 'datetime', label: { zh: '预约时间', en: 'Booked at' } },
    { name: 'cancelTime', type: 'datetime', label: { zh: '取消时间', en: 'Cancelled at' } },
    { name: 'cancelUser', type: 'id', label: { zh: '取消人', en: 'Cancelled by' } },
  ],
})
