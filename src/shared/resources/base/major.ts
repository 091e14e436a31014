import { defineResource } from '../../resource/types'
import { codeField, deptSerialField, nameField, remarkField } from './common'

/** Majors (基础数据 › 专业管理). 专业号 `majorSerial` is what reports and other rows link by. */
export const majorResource = defineResource({
  name: 'sysmajor',
  table: 'base_major',
  basePath: '/api/basedata/sysmajor',
  label: { zh: '专业管理', en: 'Majors' },
  tenant: true,
  permission: 'base_major',
  exportPath: '/api/basedata/sysmajor/page-export',
  importPath: '/api/basedata/sysmajor/importData',
  defaultSort: { field: 'majorSerial' },
  fields: [
    codeField('majorSerial', { zh: '专业号', en: 'Major no.' }, 20, 'major number'),
    nameField('majorName', { zh: '专业名称', en: 'Major name' }, 100),
    deptSerialField(),
    {
      name: 'subjectCode',
      type: 'string',
      max: 10,
      label: { zh: '所属学科', en: 'Discipline' },
      control: 'select',
      remote: { url: '/api/system/edumajorinfo/dictionary', label: 'dictValue', value: 'dictKey' },
      search: 'equal',
    },
    {
      name: 'eduLevel',
      type: 'int',
      label: { zh: '培养层次', en: 'Level' },
      control: 'select',
      options: [
        { label: { zh: '本科', en: 'Undergraduate' }, value: 1 },
        { label: { zh: '专科', en: 'Junior college' }, value: 2 },
        { label: { zh: '研究生', en: 'Postgraduate' }, value: 3 },
      ],
      min: 1,
      maxValue: 3,
      default: 1,
      search: 'equal',
    },
    {
      name: 'schoolingYears',
      type: 'int',
      label: { zh: '学制（年）', en: 'Years of study' },
      control: 'number',
      min: 1,
      maxValue: 8,
    },
    remarkField,
  ],
})
