import { defineResource } from '../../resource/types'
import { dictField, enableStatusField, labelIdsField, SAFETY_BASE, sortField, yesNo, remark } from './common'

/** Question bank side of 安全考试 (domain notes B.2, B.3): categories, questions, papers. */

export const CATEGORY_TREE_URL = `${SAFETY_BASE}/safetyexamquesbankcategory/tree`

export const categoryResource = defineResource({
  name: 'safetyexamquesbankcategory',
  table: 'safety_exam_ques_bank_category',
  basePath: `${SAFETY_BASE}/safetyexamquesbankcategory`,
  label: { zh: '题库分类', en: 'Bank categories' },
  tenant: true,
  permission: 'safety_quesbankcategory',
  tree: { parentField: 'parentId', titleField: 'categoryName' },
  defaultSort: { field: 'sort' },
  dialogWidth: 600,
  fields: [
    {
      name: 'categoryName',
      type: 'string',
      max: 50,
      label: { zh: '分类名称', en: 'Category' },
      required: { zh: '请输入分类名称', en: 'Please enter the category' },
      search: 'like',
    },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级分类', en: 'Parent' },
      control: 'tree',
      remote: { url: CATEGORY_TREE_URL, label: 'title', value: 'id', tree: true },
      default: '0',
      list: false,
    },
    sortField,
    remark,
  ],
})

export const QUESTION_TYPES = { single: 1, multiple: 2, judge: 3 } as const
export type QuestionType = 1 | 2 | 3
export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = { 1: '单选题', 2: '多选题', 3: '判断题' }
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

export interface QuestionOption {
  key: string
  text: string
}

export const questionResource = defineResource({
  name: 'safetyexamquestionbank',
  table: 'safety_exam_question_bank',
  basePath: `${SAFETY_BASE}/safetyexamquestionbank`,
  label: { zh: '题库管理', en: 'Question bank' },
  tenant: true,
  permission: 'safety_questionbank',
  dialogWidth: 900,
  // 导入 reads the sheet's own columns (questionSheetResource below).
  exportPath: `${SAFETY_BASE}/safetyexamquestionbank/page-export`,
  fields: [
    dictField('questionType', { zh: '题型', en: 'Type' }, 'safety_question_type', {
      required: { zh: '请选择题型', en: 'Please select the type' },
      min: 1,
      maxValue: 3,
    }),
    {
      name: 'categoryId',
      type: 'id',
      label: { zh: '题目分类', en: 'Category' },
      required: { zh: '请选择题目分类', en: 'Please select the category' },
      control: 'tree',
      remote: { url: CATEGORY_TREE_URL, label: 'title', value: 'id', tree: true },
      search: 'equal',
    },
    {
      name: 'stem',
      type: 'string',
      max: 1000,
      label: { zh: '题干', en: 'Question' },
      required: { zh: '请输入题干', en: 'Please enter the question' },
      control: 'textarea',
      search: 'like',
      span: 24,
      columnWidth: 320,
    },
    {
      name: 'options',
      type: 'text',
      max: 4000,
      label: { zh: '选项', en: 'Options' },
      list: false,
    },
    { name: 'answer', type: 'string', max: 6, label: { zh: '正确答案', en: 'Key' } },
    labelIdsField,
    dictField('difficulty', { zh: '难度', en: 'Difficulty' }, 'safety_difficulty', {
      default: 2,
      min: 1,
      maxValue: 3,
    }),
    enableStatusField,
    { name: 'imageIds', type: 'ids', label: { zh: '题干图片', en: 'Images' }, list: false },
    {
      name: 'analysis',
      type: 'string',
      max: 1000,
      label: { zh: '答案解析', en: 'Analysis' },
      control: 'textarea',
      span: 24,
      list: false,
    },
    {
      name: 'stemKey',
      type: 'string',
      max: 1000,
      label: { zh: '题干键', en: 'Stem key' },
      list: false,
      form: false,
    },
  ],
})

export interface ProportionRow {
  categoryId: string
  proportion: number
}

export const paperResource = defineResource({
  name: 'safetyexampaper',
  table: 'safety_exam_paper',
  basePath: `${SAFETY_BASE}/safetyexampaper`,
  label: { zh: '试卷管理', en: 'Papers' },
  tenant: true,
  permission: 'safety_paper',
  dialogWidth: 1100,
  fields: [
    {
      name: 'paperName',
      type: 'string',
      max: 100,
      label: { zh: '试卷名称', en: 'Paper' },
      required: { zh: '请输入试卷名称', en: 'Please enter the paper name' },
      unique: { zh: '试卷名称已存在', en: 'The paper name already exists' },
      search: 'like',
    },
    dictField('paperMode', { zh: '组卷方式', en: 'Mode' }, 'safety_paper_mode', {
      required: { zh: '请选择组卷方式', en: 'Please select the mode' },
      min: 1,
      maxValue: 2,
      default: 1,
    }),
    {
      name: 'singleCount',
      type: 'int',
      label: { zh: '单选题数', en: 'Single' },
      min: 0,
      maxValue: 200,
      default: 30,
    },
    {
      name: 'singleScore',
      type: 'decimal',
      label: { zh: '单选题分值', en: 'Single score' },
      min: 0.5,
      maxValue: 20,
      default: 2,
      list: false,
    },
    {
      name: 'multipleCount',
      type: 'int',
      label: { zh: '多选题数', en: 'Multiple' },
      min: 0,
      maxValue: 200,
      default: 10,
    },
    {
      name: 'multipleScore',
      type: 'decimal',
      label: { zh: '多选题分值', en: 'Multiple score' },
      min: 0.5,
      maxValue: 20,
      default: 2,
      list: false,
    },
    {
      name: 'judgeCount',
      type: 'int',
      label: { zh: '判断题数', en: 'True/false' },
      min: 0,
      maxValue: 200,
      default: 20,
    },
    {
      name: 'judgeScore',
      type: 'decimal',
      label: { zh: '判断题分值', en: 'True/false score' },
      min: 0.5,
      maxValue: 20,
      default: 1,
      list: false,
    },
    {
      name: 'multiplePartial',
      type: 'int',
      label: { zh: '多选少选得分', en: 'Partial credit' },
      control: 'switch',
      options: yesNo,
      default: 0,
      list: false,
    },
    { name: 'totalScore', type: 'decimal', label: { zh: '总分', en: 'Total' }, form: false },
    {
      name: 'categoryProportion',
      type: 'text',
      max: 4000,
      label: { zh: '分类比例', en: 'Proportions' },
      list: false,
    },
    labelIdsField,
    enableStatusField,
    remark,
  ],
})

const optionColumn = <const K extends string>(key: K) =>
  ({
    name: `option${key}`,
    type: 'string',
    max: 300,
    label: { zh: `选项${key}`, en: `Option ${key}` },
  }) as const

/**
 * The columns of 题目导入 and of the bank's export (B.9): headers are these labels, so an export
 * imports back unchanged (into another tenant too). Not a table: the import's preview and the
 * server's row checks read it.
 */
export const questionSheetResource = defineResource({
  name: 'safetyexamquestionsheet',
  table: '',
  basePath: `${SAFETY_BASE}/safetyexamquestionbank`,
  label: { zh: '题目导入', en: 'Question import' },
  tenant: true,
  permission: 'safety_questionbank',
  routes: [],
  importPath: `${SAFETY_BASE}/safetyexamquestionbank/saveImportQuestions`,
  importKey: 'questions',
  fields: [
    {
      name: 'questionType',
      type: 'int',
      label: { zh: '题型', en: 'Type' },
      required: { zh: '请填写题型', en: 'Please fill in the type' },
      control: 'select',
      options: [
        { label: { zh: '单选题', en: 'Single choice' }, value: 1 },
        { label: { zh: '多选题', en: 'Multiple choice' }, value: 2 },
        { label: { zh: '判断题', en: 'True/false' }, value: 3 },
      ],
    },
    {
      name: 'categoryPath',
      type: 'string',
      max: 200,
      label: { zh: '题目分类', en: 'Category' },
      required: { zh: '请填写题目分类', en: 'Please fill in the category' },
    },
    { name: 'labelNames', type: 'string', max: 200, label: { zh: '标签', en: 'Labels' } },
    {
      name: 'stem',
      type: 'string',
      max: 1000,
      label: { zh: '题干', en: 'Question' },
      required: { zh: '请填写题干', en: 'Please fill in the question' },
    },
    optionColumn('A'),
    optionColumn('B'),
    optionColumn('C'),
    optionColumn('D'),
    optionColumn('E'),
    optionColumn('F'),
    {
      name: 'answerText',
      type: 'string',
      max: 10,
      label: { zh: '正确答案', en: 'Key' },
      required: { zh: '请填写正确答案', en: 'Please fill in the key' },
    },
    { name: 'analysis', type: 'string', max: 1000, label: { zh: '答案解析', en: 'Analysis' } },
    {
      name: 'difficulty',
      type: 'int',
      label: { zh: '难度', en: 'Difficulty' },
      control: 'select',
      options: [
        { label: { zh: '易', en: 'Easy' }, value: 1 },
        { label: { zh: '中', en: 'Medium' }, value: 2 },
        { label: { zh: '难', en: 'Hard' }, value: 3 },
      ],
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: [
        { label: { zh: '启用', en: 'Enabled' }, value: 1 },
        { label: { zh: '停用', en: 'Disabled' }, value: 0 },
      ],
    },
  ],
})
