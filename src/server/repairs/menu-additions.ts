import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const repairsMenuAdditions: readonly MenuRow[] = [
  // Issue 17: "anyone reports a broken device"; the report form picks the device from the register,
  // which teachers cannot read (仪器设备 is the office's), so the picker reads it through repairs.
  [
    'repairs_apply_equipment',
    'repairs_apply',
    'button',
    '选择设备',
    'Pick device',
    '',
    'repairs',
    '/api/device-repairs/repairs/equipment-select',
    'administrator,staff,teacher',
    'added: device picker of the repair form (issue 17)',
  ],
  // Issue 17: 受理派工 names the technician who repairs; the office reads who may be named without
  // the administration-only user list.
  [
    'repairs_manage_repairer',
    'repairs_manage',
    'button',
    '选择维修人',
    'Pick technician',
    '',
    'repairs',
    '/api/device-repairs/repairs/repairer-select',
    'administrator,staff',
    'added: technician picker of 受理派工 (issue 17)',
  ],
]
