import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const labMenuAdditions: readonly MenuRow[] = [
  // Issue 17: "实验室浏览 with a week availability calendar per room"; the design gives the guest's
  // read-only screen only the token-free lists, so the calendar's read is granted here.
  [
    'lab_roombrowse_week',
    'lab_roombrowse',
    'button',
    '占用情况',
    'Week calendar',
    '',
    'lab',
    '/api/lab/labroom/week',
    'administrator,guest',
    'added: week availability calendar of 实验室浏览 (issue 17)',
  ],
]
