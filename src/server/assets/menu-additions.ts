import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const assetsMenuAdditions: readonly MenuRow[] = [
  // Issue 17: a work log names its lab (SJ6 实验室编号); teachers keep their own logs but hold no
  // 实验室信息 grant, so the log form's lab picker reads the lab list through this button.
  [
    'assets_worklog_lab',
    'assets_worklog',
    'button',
    '选择实验室',
    'Pick lab',
    '',
    'assets',
    '/api/lab/labinfo/all-list',
    'administrator,staff,teacher',
    'added: lab picker of the work log form (issue 17)',
  ],
]
