import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const reportMenuAdditions: readonly MenuRow[] = [
  // Issue 14: "report_task_assetclass (导入分类编码, administrator)": the asset-class catalogue
  // (sys_asset_class, shared with the equipment area) is filled by an Excel import on 报表任务.
  [
    'report_task_assetclass',
    'report_task',
    'button',
    '导入分类编码',
    'Import asset classes',
    '',
    'report',
    'implied:/api/report/assetclass/importData',
    'administrator',
    'added: asset-class catalogue import (issue 14)',
  ],
]
