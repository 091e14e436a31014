import { defineResource } from '../../resource/types'
import { optionsOf } from '../teach/common'
import { WEEKDAY_OPTIONS } from '../teach/codes'
import { COLLISION_STATUS_OPTIONS, serverField, termField } from './codes'

/** The four collision families share one shape (teaching.md 5); each has its own table and menu. */
export const COLLISION_FAMILIES = {
  teacher: {
    name: 'teachercollision',
    table: 'teach_teacher_collision',
    permission: 'teach_teachercollision',
    zh: '教师冲突',
    en: 'Teacher collisions',
    party: { zh: '冲突教师', en: 'Teacher' },
  },
  room: {
    name: 'addresscollision',
    table: 'teach_address_collision',
    permission: 'teach_addresscollision',
    zh: '地点冲突',
    en: 'Room collisions',
    party: { zh: '冲突地点', en: 'Room' },
  },
  class: {
    name: 'classcollision',
    table: 'teach_class_collision',
    permission: 'teach_classcollision',
    zh: '班级冲突',
    en: 'Class collisions',
    party: { zh: '冲突班级', en: 'Class' },
  },
  student: {
    name: 'studentcollision',
    table: 'teach_student_collision',
    permission: 'teach_studentcollision',
    zh: '学生冲突',
    en: 'Student collisions',
    party: { zh: '冲突学生', en: 'Students' },
  },
} as const

export type CollisionFamily = keyof typeof COLLISION_FAMILIES

function collisionResource<const K extends CollisionFamily>(kind: K) {
  const f = COLLISION_FAMILIES[kind]
  return defineResource({
    name: f.name,
    table: f.table,
    basePath: `/api/teach/${f.name}`,
    label: { zh: f.zh, en: f.en },
    tenant: true,
    permission: f.permission,
    routes: [],
    actions: { add: false, edit: false },
    fields: [
      termField({ required: undefined }),
      {
        name: 'partyName',
        type: 'string',
        max: 200,
        label: { zh: '冲突对象', en: f.party.en },
        search: 'like',
        columnWidth: 160,
      },
      serverField('partyKey', 'string', '冲突对象键', 'Party key', 64),
      {
        name: 'batchPlanId',
        type: 'id',
        label: { zh: '排课A', en: 'Batch A' },
        list: false,
        search: 'equal',
      },
      { name: 'otherBatchPlanId', type: 'id', label: { zh: '排课B', en: 'Batch B' }, list: false },
      {
        name: 'batchName',
        type: 'string',
        max: 200,
        label: { zh: '排课A', en: 'Batch A' },
        columnWidth: 180,
      },
      {
        name: 'otherBatchName',
        type: 'string',
        max: 200,
        label: { zh: '排课B', en: 'Batch B' },
        columnWidth: 180,
      },
      { name: 'weeks', type: 'string', max: 100, label: { zh: '周次', en: 'Weeks' } },
      serverField('weekMask', 'int', '周次位图', 'Week mask'),
      {
        name: 'weekday',
        type: 'int',
        label: { zh: '星期', en: 'Weekday' },
        control: 'select',
        options: optionsOf(WEEKDAY_OPTIONS),
      },
      { name: 'startSection', type: 'int', label: { zh: '开始节次', en: 'From section' }, list: false },
      { name: 'endSection', type: 'int', label: { zh: '结束节次', en: 'To section' }, list: false },
      serverField('studentNos', 'text', '冲突学生', 'Students'),
      serverField('studentCount', 'int', '冲突人数', 'Student count'),
      {
        name: 'description',
        type: 'string',
        max: 1000,
        label: { zh: '说明', en: 'Explanation' },
        columnWidth: 320,
      },
      {
        name: 'status',
        type: 'int',
        label: { zh: '状态', en: 'Status' },
        control: 'select',
        options: optionsOf(COLLISION_STATUS_OPTIONS),
        search: 'equal',
      },
      {
        name: 'handleRemark',
        type: 'string',
        max: 500,
        label: { zh: '处理说明', en: 'Resolution' },
        list: false,
      },
      serverField('handleUser', 'id', '处理人', 'Handled by'),
      serverField('handleTime', 'datetime', '处理时间', 'Handled'),
      serverField('checkTime', 'datetime', '检测时间', 'Checked'),
      serverField('clearTime', 'datetime', '消除时间', 'Cleared'),
    ],
  })
}

export const teacherCollisionResource = collisionResource('teacher')
export const roomCollisionResource = collisionResource('room')
export const classCollisionResource = collisionResource('class')
export const studentCollisionResource = collisionResource('student')

export const collisionResources = {
  teacher: teacherCollisionResource,
  room: roomCollisionResource,
  class: classCollisionResource,
  student: studentCollisionResource,
} as const
