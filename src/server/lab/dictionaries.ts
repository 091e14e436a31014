import type { BASE_DICTIONARIES } from '../base/catalogue-data'

/**
 * System dictionaries the lab forms bind to. The SJ6 code tables (`report_lab_category`,
 * `report_lab_type`) are the reports area's (src/shared/resources/report/codes.ts), seeded by it.
 */
export const LAB_DICTIONARIES: typeof BASE_DICTIONARIES = [
  {
    code: 'lab_room_type',
    name: '房间类型',
    items: [
      ['1', '教学实验室'],
      ['2', '科研实验室'],
      ['3', '计算机房'],
      ['4', '实训室'],
      ['5', '准备室'],
      ['6', '其他'],
    ],
  },
  {
    code: 'lab_appointment_purpose',
    name: '预约用途',
    items: [
      ['1', '教学实验'],
      ['2', '科研实验'],
      ['3', '学生活动'],
      ['4', '培训讲座'],
      ['5', '考试考核'],
      ['6', '其他'],
    ],
  },
  {
    code: 'lab_staff_post',
    name: '实验室岗位',
    items: [
      ['1', '实验室主任'],
      ['2', '实验室副主任'],
      ['3', '实验技术人员'],
      ['4', '实验教学人员'],
      ['5', '管理人员'],
      ['6', '其他'],
    ],
  },
  {
    code: 'lab_monitor_type',
    name: '监控设备类型',
    items: [
      ['1', '网络摄像机'],
      ['2', '录像机通道'],
      ['3', '门禁'],
      ['4', '环境传感器'],
      ['5', '其他'],
    ],
  },
]
