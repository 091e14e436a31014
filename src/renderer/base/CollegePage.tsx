import type { FieldDef, ResourceDef } from '../../shared/resource/types'
import { deptResource } from '../../shared/resources/system/organisation'
import ResourcePage from '../resource/ResourcePage'

/** 学院 in the department tree's categories (机构类型 2). */
const COLLEGE = 2

/** The dept fields as 院系管理 names them; 院系号 is what the statutory reports key colleges on. */
const relabel: Record<string, Partial<FieldDef>> = {
  deptName: { label: { zh: '院系名称', en: 'College' } },
  fullName: { label: { zh: '院系全称', en: 'Full name' } },
  serial: {
    label: { zh: '院系号', en: 'College no.' },
    required: { zh: '请输入院系号', en: 'Please enter the college number' },
  },
}

/**
 * 院系管理: the colleges of the department tree (the same rows as 机构管理), listed flat, with 院系号
 * required. Its buttons are the menu's own (base_college_*); saves keep the college category.
 */
const collegeResource: ResourceDef = {
  ...deptResource,
  label: { zh: '院系管理', en: 'Colleges' },
  permission: 'base_college',
  tree: undefined,
  fields: deptResource.fields
    .filter((f) => f.name !== 'deptCategory')
    .map((f) => ({ ...f, ...relabel[f.name] })),
}

// Module constants: the page compares them by identity.
const onlyColleges = { deptCategory: COLLEGE }

export default function CollegePage() {
  return <ResourcePage def={collegeResource} fixedQuery={onlyColleges} extraBody={onlyColleges} />
}
