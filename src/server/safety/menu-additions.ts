import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason (domain notes C.15). */
export const safetyMenuAdditions: readonly MenuRow[] = [
  // Issue 13: 成绩管理 "_delete (new: 作废答卷)": voiding a candidate's paper lets them start again.
  [
    'safety_score_delete',
    'safety_score',
    'button',
    '作废答卷',
    'Void paper',
    '',
    'safety',
    '/api/safetyexam/safetyexamquesbankpaperperson/remove',
    'administrator,staff',
    'added: void an answer sheet (issue 13, C.15)',
  ],
  // Issue 13: 题库管理 "_export (new)": the bank exports in the import's columns (B.9).
  [
    'safety_questionbank_export',
    'safety_questionbank',
    'button',
    '导出',
    'Export',
    '',
    'safety',
    'implied:/api/safetyexam/safetyexamquestionbank/page-export',
    'administrator,staff',
    'added: question bank export (issue 13, C.15)',
  ],
]
