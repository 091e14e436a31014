import { defineResource } from '../../resource/types'

const label = (zh: string, en: string) => ({ zh, en })

const HTTP_URL = {
  pattern: '^https?://.+',
  message: label('链接必须以http://或https://开头', 'The link must start with http:// or https://'),
}

/** 栏目类型 (`cms_category_type`). */
export const CATEGORY_TYPE = { list: 1, page: 2, link: 3 } as const
/** 文章状态 (`cms_article_status`): 草稿 → 已发布 → 已下线. */
export const ARTICLE_STATUS = { draft: 0, published: 1, offline: 2 } as const

/** 栏目 (`cms_category`, reports-portal.md 7): a lazy tree; code unique; type 列表/单页/外链. */
export const cmsCategoryResource = defineResource({
  name: 'cmsCategory',
  table: 'cms_category',
  basePath: '/api/cms/category',
  label: label('栏目管理', 'Categories'),
  tenant: true,
  permission: 'cms_category',
  tree: { parentField: 'parentId', titleField: 'categoryName', lazy: true },
  routes: ['detail', 'submit', 'remove'],
  defaultSort: { field: 'sort' },
  fields: [
    {
      name: 'parentId',
      type: 'id',
      label: label('上级栏目', 'Parent'),
      control: 'tree',
      remote: { url: '/api/cms/category/tree', label: 'title', value: 'id', tree: true },
      default: '0',
      list: false,
    },
    {
      name: 'categoryName',
      type: 'string',
      max: 50,
      label: label('栏目名称', 'Name'),
      required: label('请输入栏目名称', 'Please enter the name'),
      search: 'like',
    },
    {
      name: 'categoryCode',
      type: 'string',
      max: 30,
      label: label('栏目编码', 'Code'),
      required: label('请输入栏目编码', 'Please enter the code'),
      rules: [
        {
          pattern: '^[a-z0-9_-]+$',
          message: label(
            '栏目编码只能包含小写字母、数字、下划线和短横线',
            'Lower-case letters, digits, _ and - only',
          ),
        },
      ],
      unique: label('栏目编码已存在', 'The code already exists'),
      search: 'like',
    },
    {
      name: 'categoryType',
      type: 'int',
      label: label('栏目类型', 'Type'),
      control: 'select',
      options: [
        { label: label('文章列表', 'Article list'), value: 1 },
        { label: label('单页', 'Single page'), value: 2 },
        { label: label('外部链接', 'External link'), value: 3 },
      ],
      required: label('请选择栏目类型', 'Please select the type'),
      default: 1,
    },
    {
      name: 'linkUrl',
      type: 'string',
      max: 500,
      label: label('外部链接', 'Link'),
      rules: [HTTP_URL],
      list: false,
    },
    {
      name: 'sort',
      type: 'int',
      min: 0,
      maxValue: 100000,
      label: label('排序', 'Sort'),
      control: 'number',
      default: 0,
    },
    {
      name: 'status',
      type: 'int',
      label: label('状态', 'Status'),
      control: 'select',
      options: [
        { label: label('启用', 'Enabled'), value: 1 },
        { label: label('停用', 'Disabled'), value: 0 },
      ],
      default: 1,
    },
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: label('备注', 'Remark'),
      control: 'textarea',
      span: 24,
      list: false,
    },
  ],
})

/** 文章 (`cms_article`, reports-portal.md 7). Readers see published articles of enabled categories. */
export const cmsArticleResource = defineResource({
  name: 'cmsArticle',
  table: 'cms_article',
  basePath: '/api/cms/article',
  label: label('文章管理', 'Articles'),
  tenant: true,
  permission: 'cms_article',
  routes: ['submit', 'remove'],
  dialogWidth: 960,
  defaultSort: { field: 'publishTime', desc: true },
  fields: [
    {
      name: 'categoryId',
      type: 'id',
      label: label('栏目', 'Category'),
      required: label('请选择栏目', 'Please select the category'),
      control: 'tree',
      remote: { url: '/api/cms/category/tree', label: 'title', value: 'id', tree: true },
      search: 'equal',
      list: false,
    },
    {
      name: 'title',
      type: 'string',
      max: 200,
      label: label('标题', 'Title'),
      required: label('请输入文章标题', 'Please enter the title'),
      search: 'like',
      span: 24,
    },
    { name: 'author', type: 'string', max: 50, label: label('作者', 'Author') },
    { name: 'source', type: 'string', max: 100, label: label('来源', 'Source'), list: false },
    {
      name: 'cover',
      type: 'string',
      max: 500,
      label: label('封面', 'Cover'),
      control: 'image',
      span: 24,
      list: false,
    },
    {
      name: 'summary',
      type: 'string',
      max: 500,
      label: label('摘要', 'Summary'),
      control: 'textarea',
      span: 24,
      list: false,
    },
    {
      name: 'content',
      type: 'text',
      label: label('正文', 'Content'),
      control: 'richtext',
      span: 24,
    },
    {
      name: 'linkUrl',
      type: 'string',
      max: 500,
      label: label('外部链接', 'Link'),
      rules: [HTTP_URL],
      list: false,
    },
    {
      name: 'attachIds',
      type: 'ids',
      label: label('附件', 'Attachments'),
      control: 'files',
      span: 24,
      list: false,
    },
    { name: 'isBanner', type: 'int', label: label('首页轮播', 'Banner'), control: 'switch', default: 0 },
    {
      name: 'bannerSort',
      type: 'int',
      label: label('轮播顺序', 'Banner order'),
      control: 'number',
      default: 0,
      list: false,
    },
    { name: 'isTop', type: 'int', label: label('置顶', 'Pinned'), control: 'switch', default: 0 },
    {
      name: 'status',
      type: 'int',
      label: label('状态', 'Status'),
      control: 'select',
      options: [
        { label: label('草稿', 'Draft'), value: 0 },
        { label: label('已发布', 'Published'), value: 1 },
        { label: label('已下线', 'Offline'), value: 2 },
      ],
      default: 0,
      search: 'equal',
    },
    {
      name: 'publishTime',
      type: 'datetime',
      label: label('发布时间', 'Published'),
      control: 'datetime',
      sortable: true,
    },
    { name: 'viewCount', type: 'int', label: label('阅读数', 'Views'), form: false, default: 0 },
  ],
})
