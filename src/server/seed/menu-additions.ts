import type { MenuRow } from './menu-data'
import { teachMenuAdditions } from '../teach/menu-additions'
import { scheduleMenuAdditions } from '../teach/schedule/menu-additions'
import { experimentMenuAdditions } from '../experiment/menu-additions'
import { labMenuAdditions } from '../lab/menu-additions'
import { openMenuAdditions } from '../open/menu-additions'
import { assetsMenuAdditions } from '../assets/menu-additions'
import { repairsMenuAdditions } from '../repairs/menu-additions'
import { competitionMenuAdditions } from '../competition/menu-additions'
import { safetyMenuAdditions } from '../safety/menu-additions'
import { reportMenuAdditions } from '../report/menu-additions'
import { cmsMenuAdditions } from '../cms/menu-additions'
import { deskMenuAdditions } from '../desk/menu-additions'
import { downloadMenuAdditions } from '../download/menu-additions'
import { qualityMenuAdditions } from '../quality/menu-additions'

/**
 * Buttons the issues ask for that the design's menu tree (screens.tsv) lacks. Kept apart from the
 * generated `menu-data.ts` so regenerating it from the design never drops them; each row names
 * why it is here. Parents must be rows of the design.
 */
const baseAdditions: readonly MenuRow[] = [
  // Issue 16: button codes outside BladeX 2.x clients check (Saber's flow, attach and region pages),
  // seeded so those clients show their buttons; aliases where ours have other codes.
  [
    'flow_manager_image',
    'flow_manager',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/resource-view',
    'administrator',
    'added: BladeX client button: 流程定义 › 流程图 (resource-view) (issue 16)',
  ],
  [
    'flow_manager_remove',
    'flow_manager',
    'button',
    '删除',
    'Delete',
    '',
    'flow',
    '/api/blade-flow/manager/delete-deployment',
    'administrator',
    'added: BladeX client button: alias of flow_manager_delete (issue 16)',
  ],
  [
    'work_todo_follow',
    'work_todo',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/diagram-view',
    'administrator,staff,teacher',
    'added: BladeX client button: 待办事务 › 流程图 (diagram-view) (issue 16)',
  ],
  [
    'work_send_follow',
    'work_send',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/diagram-view',
    'administrator,staff,teacher',
    'added: BladeX client button: 已发事务 › 流程图 (diagram-view) (issue 16)',
  ],
  [
    'work_done_follow',
    'work_done',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/diagram-view',
    'administrator,staff,teacher',
    'added: BladeX client button: 办结事务 › 流程图 (diagram-view) (issue 16)',
  ],
  [
    'work_claim_follow',
    'work_claim',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/diagram-view',
    'administrator,staff,teacher',
    'added: BladeX client button: 待签事务 › 流程图 (diagram-view) (issue 16)',
  ],
  [
    'work_start_image',
    'work_start',
    'button',
    '流程图',
    'Diagram',
    '',
    'flow',
    '/api/blade-flow/process/resource-view',
    'administrator,staff,teacher',
    'added: BladeX client button: 发起事务 › 流程图 (resource-view) (issue 16)',
  ],
  [
    'flow_model_create',
    'flow_model',
    'button',
    '创建',
    'Create',
    '',
    'flow',
    '/api/blade-flow/model/submit',
    'administrator',
    'added: BladeX client button: 模型管理 › 创建 (the designer save) (issue 16)',
  ],
  [
    'flow_model_update',
    'flow_model',
    'button',
    '编辑',
    'Edit',
    '',
    'flow',
    '/api/blade-flow/model/submit',
    'administrator',
    'added: BladeX client button: 模型管理 › 编辑 (the designer save) (issue 16)',
  ],
  [
    'flow_model_download',
    'flow_model',
    'button',
    '下载',
    'Download',
    '',
    'flow',
    '/api/blade-flow/model/download',
    'administrator',
    'added: BladeX client button: 模型管理 › 下载 (the model BPMN file) (issue 16)',
  ],
  [
    'attach_download',
    'attach',
    'button',
    '下载',
    'Download',
    '',
    'resource',
    '/api/blade-resource/oss/file/*',
    'administrator',
    'added: BladeX client button: 附件管理 › 下载 (the file link; files are served by name) (issue 16)',
  ],
  [
    'region_import',
    'region',
    'button',
    '导入',
    'Import',
    '',
    'system',
    '/api/blade-system/region/import-region',
    'administrator,staff',
    'added: BladeX client button: 行政区划 › 导入 (platform administrator writes) (issue 16)',
  ],
  [
    'region_export',
    'region',
    'button',
    '导出',
    'Export',
    '',
    'system',
    '/api/blade-system/region/export-region',
    'administrator,staff',
    'added: BladeX client button: 行政区划 › 导出 (issue 16)',
  ],
  [
    'region_debug',
    'region',
    'button',
    '调试',
    'Debug',
    '',
    'system',
    '/api/blade-system/region/lazy-tree',
    'administrator,staff',
    'added: BladeX client button: 行政区划 › 调试 (try the cascading picker) (issue 16)',
  ],

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

/** Every area's additions; an area keeps its own in `src/server/<area>/menu-additions.ts`. */
export const menuAdditions: readonly MenuRow[] = [
  ...baseAdditions,
  ...teachMenuAdditions,
  ...scheduleMenuAdditions,
  ...experimentMenuAdditions,
  ...labMenuAdditions,
  ...openMenuAdditions,
  ...assetsMenuAdditions,
  ...repairsMenuAdditions,
  ...competitionMenuAdditions,
  ...safetyMenuAdditions,
  ...reportMenuAdditions,
  ...cmsMenuAdditions,
  ...deskMenuAdditions,
  ...downloadMenuAdditions,
  ...qualityMenuAdditions,
]
