import { approvalFlowXml, type ApprovalFlow } from './approval-flow'

const STAFF = 'staff,administrator'

/**
 * The approval flows every tenant gets on first start. `category` is `flow_<dictKey>` of the
 * system dictionary `flow`, whose entries map each category to its Saber route (`remark`); the
 * seed of that dictionary should use `FLOW_ROUTES` below.
 */
export const BUILTIN_FLOWS: ApprovalFlow[] = [
  {
    key: 'leave',
    name: '请假流程',
    category: 'flow_1',
    route: 'leave',
    steps: [
      { id: 'dept_leader_audit', name: '部门负责人审批', assignee: '${deptLeader}' },
      { id: 'final_audit', name: '终审', candidateGroups: 'administrator' },
    ],
  },
  {
    key: 'labAppointment',
    name: '实验室预约审批',
    category: 'flow_2',
    route: 'labAppointment',
    steps: [{ id: 'lab_admin_audit', name: '实验室管理员审核', candidateGroups: STAFF }],
  },
  {
    key: 'competition_apply',
    name: '竞赛项目申报审批',
    category: 'flow_3',
    route: 'competition_apply',
    steps: [
      // The host college's staff (or a department above it): the application module passes
      // `collegeAuditGroups` (staff@<dept id> along the 承办院系's chain) when it starts the flow.
      { id: 'college_audit', name: '院系审核', candidateGroups: '${collegeAuditGroups}' },
      { id: 'school_audit', name: '学校审核', candidateGroups: 'administrator' },
    ],
  },
  {
    key: 'competitionPreliminary',
    name: '竞赛初赛审批',
    category: 'flow_4',
    route: 'competitionPreliminary',
    steps: [{ id: 'preliminary_audit', name: '初赛审核', candidateGroups: STAFF }],
  },
  {
    key: 'competitionFinal',
    name: '竞赛决赛审批',
    category: 'flow_5',
    route: 'competitionFinal',
    steps: [{ id: 'final_audit', name: '决赛审核', candidateGroups: STAFF }],
  },
  {
    key: 'openRoom',
    name: '开放实验室申请审批',
    category: 'flow_6',
    route: 'openRoom',
    steps: [{ id: 'open_room_audit', name: '开放实验室审核', candidateGroups: STAFF }],
  },
  {
    key: 'openBase',
    name: '开放基地申请审批',
    category: 'flow_7',
    route: 'openBase',
    steps: [{ id: 'open_base_audit', name: '开放基地审核', candidateGroups: STAFF }],
  },
  {
    key: 'teachadjust',
    name: '调课申请审批',
    category: 'flow_8',
    route: 'teachadjust',
    steps: [{ id: 'adjust_audit', name: '调课审核', candidateGroups: STAFF }],
  },
  {
    key: 'teachplan',
    name: '课程计划审批',
    category: 'flow_9',
    route: 'teachplan',
    steps: [{ id: 'plan_audit', name: '课程计划审核', candidateGroups: STAFF }],
  },
  {
    key: 'exam',
    name: '考试计划审批',
    category: 'flow_10',
    route: 'exam',
    steps: [{ id: 'exam_audit', name: '考试计划审核', candidateGroups: STAFF }],
  },
  {
    key: 'deviceRepairs',
    name: '设备报修',
    category: 'flow_11',
    route: 'deviceRepairs',
    // 受理派工 names the technician (variable `repairer`, a user id) who then holds 维修处理;
    // docs/domain/assets.md has the repair states each step leads to.
    steps: [
      { id: 'repair_audit', name: '受理派工', candidateGroups: STAFF },
      { id: 'repair_handle', name: '维修处理', assignee: '${repairer}' },
    ],
  },
  {
    key: 'reportAudit',
    name: '统计报表审核',
    category: 'flow_12',
    route: 'report',
    steps: [{ id: 'report_audit', name: '报表审核', candidateGroups: STAFF }],
  },
]

export const builtinXml = (flow: ApprovalFlow) => approvalFlowXml(flow)

/**
 * Dictionary `flow` entries: `flow_<dictKey>` → the type under /work/process/ (routeKey →
 * routeValue), as system/dictionary-data.ts seeds them (it has 1..11; 12 is the report audit).
 */
export const FLOW_ROUTES = BUILTIN_FLOWS.map((f) => ({
  dictKey: f.category.slice('flow_'.length),
  dictValue: f.name,
  remark: f.route,
}))
