import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const openMenuAdditions: readonly MenuRow[] = [
  // Issue 17: "openroomrules including a no-show credit score that blocks booking over a threshold";
  // the student sees their score on 开放实验预约 before reserving, staff look a student's up.
  [
    'open_reserve_credit',
    'open_reserve',
    'button',
    '信用分',
    'Credit score',
    '',
    'open',
    '/api/open/openroomreserve/credit',
    'administrator,student',
    'added: the credit score of 开放规则 shown before reserving (issue 17)',
  ],
]
