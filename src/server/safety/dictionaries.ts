/** The area's dictionaries (domain notes B), seeded into the platform dictionary `blade_dict`. */
export const SAFETY_DICTIONARIES: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'safety_publish_status',
    name: '安全资源状态',
    items: [
      ['0', '草稿'],
      ['1', '已发布'],
    ],
  },
  {
    code: 'safety_enable_status',
    name: '安全启用状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'safety_user_type',
    name: '安全考试人员类型',
    items: [
      ['1', '学生'],
      ['2', '教职工'],
    ],
  },
  {
    code: 'safety_resource_type',
    name: '安全学习资源类型',
    items: [
      ['1', '课程'],
      ['2', '手册'],
      ['3', '知识'],
    ],
  },
  {
    code: 'safety_home_block',
    name: '安全学习首页区块',
    items: [
      ['1', '轮播图'],
      ['2', '考试通知'],
      ['3', '安全课程'],
      ['4', '安全手册'],
      ['5', '安全知识'],
      ['6', '我的考试'],
      ['7', '自定义内容'],
    ],
  },
  {
    code: 'safety_question_type',
    name: '安全考试题型',
    items: [
      ['1', '单选题'],
      ['2', '多选题'],
      ['3', '判断题'],
    ],
  },
  {
    code: 'safety_difficulty',
    name: '安全考试难度',
    items: [
      ['1', '易'],
      ['2', '中'],
      ['3', '难'],
    ],
  },
  {
    code: 'safety_paper_mode',
    name: '安全考试组卷方式',
    items: [
      ['1', '固定试卷'],
      ['2', '随机组卷'],
    ],
  },
  {
    code: 'safety_exam_type',
    name: '安全考试类型',
    items: [
      ['1', '正式考试'],
      ['2', '补考'],
    ],
  },
  {
    code: 'safety_plan_status',
    name: '安全考试计划状态',
    items: [
      ['0', '草稿'],
      ['1', '审核中'],
      ['2', '已退回'],
      ['3', '已审核'],
      ['4', '已发布'],
    ],
  },
  {
    code: 'safety_exam_status',
    name: '安全考试考生状态',
    items: [
      ['0', '未参加'],
      ['1', '考试中'],
      ['2', '已交卷'],
      ['3', '缺考'],
    ],
  },
  {
    code: 'safety_submit_type',
    name: '安全考试交卷方式',
    items: [
      ['1', '主动交卷'],
      ['2', '超时自动交卷'],
    ],
  },
  {
    code: 'safety_person_source',
    name: '安全考试考生来源',
    items: [
      ['1', '考试范围'],
      ['2', '补考生成'],
    ],
  },
]
