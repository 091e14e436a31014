import { defineResource } from '../../resource/types'
import { enabledOptions } from '../lab/options'
import { DATE_PATTERN } from '../lab/time'

/**
 * 开放规则 (`open_room_rules`): what students read before reserving, and the credit score: every
 * student starts each scoring period (from 计分起始日期, set at the start of a term) with 满分; each 爽约
 * and 迟到 since then deducts its points; below 最低信用分 the student cannot reserve and their
 * reservations still ahead are cancelled. The enabled rule with the latest 计分起始日期 applies.
 */
export const openRoomRulesResource = defineResource({
  name: 'openroomrules',
  table: 'open_room_rules',
  basePath: '/api/open/openroomrules',
  label: { zh: '开放规则', en: 'Room rules' },
  tenant: true,
  permission: 'open_roomrules',
  fields: [
    {
      name: 'ruleName',
      type: 'string',
      max: 100,
      label: { zh: '规则名称', en: 'Rule' },
      required: { zh: '请输入规则名称', en: 'Please enter the rule name' },
      search: 'like',
    },
    {
      name: 'fullScore',
      type: 'int',
      label: { zh: '满分', en: 'Full score' },
      control: 'number',
      min: 1,
      maxValue: 1000,
      default: 100,
      required: { zh: '请输入满分', en: 'Please enter the full score' },
    },
    {
      name: 'threshold',
      type: 'int',
      label: { zh: '最低信用分', en: 'Minimum score' },
      control: 'number',
      min: 0,
      maxValue: 1000,
      default: 60,
      required: { zh: '请输入最低信用分', en: 'Please enter the minimum score' },
    },
    {
      name: 'noShowPoints',
      type: 'int',
      label: { zh: '爽约扣分', en: 'Points per no-show' },
      control: 'number',
      min: 0,
      maxValue: 1000,
      default: 20,
      required: { zh: '请输入爽约扣分', en: 'Please enter the points per no-show' },
    },
    {
      name: 'latePoints',
      type: 'int',
      label: { zh: '迟到扣分', en: 'Points per late arrival' },
      control: 'number',
      min: 0,
      maxValue: 1000,
      default: 5,
      required: { zh: '请输入迟到扣分', en: 'Please enter the points per late arrival' },
    },
    {
      name: 'scoreFrom',
      type: 'date',
      label: { zh: '计分起始日期', en: 'Scored from' },
      rules: [
        { pattern: DATE_PATTERN, message: { zh: '计分起始日期格式应为 yyyy-MM-dd', en: 'yyyy-MM-dd' } },
      ],
    },
    {
      name: 'ruleStatus',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: enabledOptions(),
      default: 1,
      search: 'equal',
    },
    {
      name: 'content',
      type: 'text',
      max: 4000,
      label: { zh: '规则内容', en: 'Rules' },
      control: 'textarea',
      span: 24,
      required: { zh: '请输入规则内容', en: 'Please enter the rules' },
    },
  ],
})
