import type { MenuRow } from './menu-data'

/**
 * Buttons the issues ask for that the design's menu tree (screens.tsv) lacks. Kept apart from the
 * generated `menu-data.ts` so regenerating it from the design never drops them; each row names
 * why it is here. Parents must be rows of the design.
 */
export const menuAdditions: readonly MenuRow[] = [
  // Issue 4: "Import and export of teachers, students, classes and majors"; the design gives
  // 专业管理 no 导入/导出 buttons, unlike 班级管理 beside it.
  [
    'base_major_import',
    'base_major',
    'button',
    '导入',
    'Import',
    '',
    'base',
    'implied:/api/basedata/sysmajor/importData',
    'administrator,staff',
    'added: majors import (issue 4)',
  ],
  [
    'base_major_export',
    'base_major',
    'button',
    '导出',
    'Export',
    '',
    'base',
    'implied:/api/basedata/sysmajor/page-export',
    'administrator,staff',
    'added: majors export (issue 4)',
  ],
]
