/**
 * One resource definition, three consumers (architecture section 4): the server derives its table,
 * filters, tenant scoping and standard routes; the client derives typed calls; the renderer derives
 * the list-and-edit page. Everything here is plain data, so it is safe in every process.
 */

export interface Text {
  zh: string
  en: string
}

export type FieldType =
  | 'string' // varchar(max)
  | 'text' // long text
  | 'int'
  | 'decimal'
  | 'date' // yyyy-MM-dd
  | 'datetime' // yyyy-MM-dd HH:mm:ss
  | 'id' // a reference to another row (64-bit id as a string)
  | 'ids' // comma-joined id list, e.g. a multi-select tree

export type Control =
  | 'input'
  | 'textarea'
  | 'number'
  | 'select' // dictionary or options
  | 'multiselect'
  | 'tree' // tree select, source is a tree endpoint
  | 'multitree'
  | 'date'
  | 'datetime'
  | 'switch' // 0/1
  | 'password'
  | 'richtext' // sanitised HTML (Tiptap editor; viewer sanitises again)
  | 'files' // attachment ids (blade_attach); names from the detail's `attachments`
  | 'image' // one uploaded JPG/PNG, the value its link (a cover)

export interface DictBinding {
  /** Dictionary code: `/api/blade-system/dict/dictionary?code=` (or dict-biz when `biz`). */
  code: string
  biz?: boolean
}

export interface RemoteOptions {
  /** A catalogue endpoint answering a list or a tree. */
  url: string
  label: string
  value: string
  tree?: boolean
}

export interface FieldRule {
  /** A regular expression the value must match (source text, no flags). */
  pattern: string
  message: Text
}

export interface FieldDef {
  /** The camelCase wire name; the column is its snake_case. */
  name: string
  type: FieldType
  label: Text
  /** Max length of a string (default 255 for `string`). */
  max?: number
  /** Required with this message (validation on blur in the form, 400 on the server). */
  required?: Text
  rules?: FieldRule[]
  min?: number
  maxValue?: number
  default?: string | number
  control?: Control
  dict?: DictBinding
  options?: { label: Text; value: string | number }[]
  remote?: RemoteOptions
  /** How the field filters the list: bare (LIKE), equal, or a date range. */
  search?: 'like' | 'equal' | 'daterange'
  /** Shown as a list column (default true unless `text`). */
  list?: boolean
  /** In the add/edit form (default true). */
  form?: boolean
  /** Form grid span out of 24 (default 12). */
  span?: number
  /** Unique within the tenant (among live rows), with this message. */
  unique?: Text
  /** Sortable column in the list. */
  sortable?: boolean
  /** Minimum list column width in px (the page picks one from the label otherwise). */
  columnWidth?: number
}

/**
 * The routes the engine serves from a definition. `tree` (tree resources only) answers every row in
 * reach as a BladeX TreeNode forest titled by the tree's `titleField`, for pickers.
 */
export type StandardRoute = 'list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'tree'

export interface TreeShape {
  /** Field holding the parent id ("0" at the root). */
  parentField: string
  /** Field shown as the node title. */
  titleField: string
  /** `list` answers the forest (children nested under `children`), as BladeX's role and dept lists. */
  nested?: boolean
  /** Lazy children under `lazy-list?parentId=`. */
  lazy?: boolean
  /**
   * Where lazy levels come from when not `lazy-list?parentId=` from root "0", e.g. regions keyed by
   * code: `lazy-tree?parentCode=` from root `00` (rows answer `id` = the key children are asked by).
   */
  lazyLevels?: { route: string; param: string; root: string }
}

export interface ResourceDef {
  /** Stable name, also the module key in the registry, e.g. `param`. */
  name: string
  /** SQL table name, e.g. `blade_param`. */
  table: string
  /** URL family, e.g. `/api/blade-system/param`. */
  basePath: string
  label: Text
  /** Rows belong to a tenant (a `tenant_id` column, scoped on every query). */
  tenant: boolean
  /**
   * The field rows are named by when not a numeric `id` (regions by `code`): detail and remove take
   * it, and a submit updates the row holding it, else inserts one.
   */
  key?: string
  fields: FieldDef[]
  /** Which standard routes exist (default: list, page, detail, submit, remove). */
  routes?: StandardRoute[]
  /**
   * Standard routes any signed-in user may call, whatever their role's API scopes (e.g. notices
   * everyone reads); the others stay gated by the permission's buttons.
   */
  anyUserRoutes?: StandardRoute[]
  tree?: TreeShape
  /** Menu code whose buttons gate the page: `<code>_add`, `_edit`, `_delete`, `_view`. */
  permission: string
  /** Add/edit/view dialog width in px (default 800). */
  dialogWidth?: number
  /**
   * Default sort: column names, descending (default create_time); rows that tie follow by id, newest
   * first unless `ties: 'asc'` (creation order, BladeX's `sort, id` of trees).
   */
  defaultSort?: { field: string; desc?: boolean; ties?: 'asc' | 'desc' }
  /** Whether the page offers each action (defaults true). */
  actions?: { add?: boolean; edit?: boolean; view?: boolean; delete?: boolean }
  /** `blade-user`-style: `list` answers a page like `page` (a tree's too, when true). */
  listIsPage?: boolean
  /**
   * Offers 导出 (permission `<code>_export`): a GET of this path with the page's current filters,
   * streamed to a file the user picks (e.g. `/api/teach/teachproject/export`).
   */
  exportPath?: string
  /**
   * Offers 导入 (permission `<code>_import`): spreadsheet rows, mapped to fields by their zh or en
   * label and checked with `entitySchema`, are POSTed here as one all-or-nothing batch.
   */
  importPath?: string
  /** The import body: `{ [importKey]: rows }` when set (e.g. `questions`), else the bare array. */
  importKey?: string
}

export const standardRoutes: StandardRoute[] = ['list', 'page', 'detail', 'submit', 'remove']

export const routesOf = (def: ResourceDef): StandardRoute[] => def.routes ?? standardRoutes

export const defineResource = <const T extends ResourceDef>(def: T): T => def

/** camelCase -> snake_case, as BladeX converts filter keys and columns. */
export const toSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
export const toCamel = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
