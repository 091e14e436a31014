import {
  Button,
  FlatTree,
  FlatTreeItem,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  TreeItemLayout,
  makeStyles,
  mergeClasses,
  tokens,
  useFieldControlProps_unstable,
  useHeadlessFlatTree_unstable,
  type HeadlessFlatTreeItemProps,
  type TreeCheckedChangeData,
  type TreeItemValue,
} from '@fluentui/react-components'
import { ChevronDownRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import type { FieldDef } from '../../shared/resource/types'
import type { Lang } from './fields'
import { flattenTree, labelsOf, useTreeChoices, type TreeChoice } from './options'
import { sayer } from './strings'

/**
 * A tree select (e.g. the tenant package's menus, labelled by title): a button showing the chosen
 * labels opens a filterable checkbox tree. `multi` stores a comma-joined id list; checking a parent
 * checks its subtree (Fluent's headless flat tree keeps parents mixed/checked).
 */
export interface TreePickerProps {
  field: FieldDef
  lang: Lang
  multi: boolean
  value: string
  disabled?: boolean
  invalid?: boolean
  placeholder: string
  onChange: (value: string) => void
  onBlur: () => void
}

const useStyles = makeStyles({
  trigger: {
    width: '100%',
    minWidth: 0,
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightRegular,
    paddingLeft: tokens.spacingHorizontalS,
  },
  invalid: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  triggerText: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    textAlign: 'left',
    flex: 1,
  },
  placeholder: { color: tokens.colorNeutralForeground4 },
  surface: {
    padding: tokens.spacingHorizontalS,
    width: '360px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  tree: { maxHeight: '320px', overflowY: 'auto' },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    color: tokens.colorNeutralForeground3,
  },
})

interface Item extends HeadlessFlatTreeItemProps {
  label: string
}

function flatItems(
  nodes: TreeChoice[],
  parent: string | undefined,
  filter: string,
  out: Item[] = [],
): Item[] {
  for (const n of nodes) {
    if (filter && !matches(n, filter)) continue
    out.push({
      value: n.value,
      parentValue: parent,
      itemType: n.children?.length ? 'branch' : 'leaf',
      label: n.label,
    })
    if (n.children) flatItems(n.children, n.value, filter, out)
  }
  return out
}

const matches = (n: TreeChoice, q: string): boolean =>
  n.label.toLowerCase().includes(q) || (n.children ?? []).some((c) => matches(c, q))

export function TreePicker({
  field,
  lang,
  multi,
  value,
  disabled,
  invalid,
  placeholder,
  onChange,
  onBlur,
}: TreePickerProps) {
  const s = useStyles()
  const say = sayer(lang)
  const tree = useTreeChoices(field, lang)
  const all = useMemo(() => flattenTree(tree), [tree])
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState('')
  const selected = useMemo(() => (value === '' ? [] : value.split(',')), [value])
  const labels = labelsOf(value, all)
  // Inside a <Field>: the label names the trigger, the message describes it.
  const fieldProps = useFieldControlProps_unstable<{
    'aria-labelledby'?: string
    'aria-describedby'?: string
  }>({}, { supportsLabelFor: false })
  return (
    <Popover
      open={open}
      positioning="below-start"
      trapFocus
      onOpenChange={(_, d) => {
        setOpen(d.open)
        if (!d.open) onBlur()
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          className={mergeClasses(s.trigger, invalid && s.invalid)}
          disabled={disabled}
          appearance="outline"
          icon={<ChevronDownRegular />}
          iconPosition="after"
          aria-invalid={invalid || undefined}
          aria-labelledby={fieldProps['aria-labelledby']}
          aria-describedby={fieldProps['aria-describedby']}
        >
          <span className={mergeClasses(s.triggerText, !labels.length && s.placeholder)}>
            {labels.length ? labels.join('、') : placeholder}
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={s.surface}>
        <Input
          size="small"
          contentBefore={<SearchRegular />}
          placeholder={say('searchTree')}
          value={filter}
          onChange={(_, d) => setFilter(d.value)}
        />
        <div className={s.tree}>
          <PickerTree
            key={filter}
            items={flatItems(tree, undefined, filter.trim().toLowerCase())}
            multi={multi}
            selected={selected}
            onChange={(keys) => {
              onChange(keys.join(','))
              if (multi) return
              setOpen(false)
              onBlur()
            }}
            expandAll={!!filter}
          />
        </div>
        <div className={s.footer}>
          <span>{multi ? say('chosen', { n: selected.length }) : ''}</span>
          <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => onChange('')}>
            {say('reset')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  )
}

function PickerTree({
  items,
  multi,
  selected,
  onChange,
  expandAll,
}: {
  items: Item[]
  multi: boolean
  selected: string[]
  onChange: (keys: string[]) => void
  expandAll: boolean
}) {
  const branches = items.filter((i) => i.itemType === 'branch').map((i) => i.value)
  const headless = useHeadlessFlatTree_unstable(items, {
    selectionMode: multi ? 'multiselect' : 'single',
    checkedItems: selected,
    defaultOpenItems: expandAll ? branches : branches.slice(0, 1),
    onCheckedChange: (_e, d: TreeCheckedChangeData) => {
      if (!multi) {
        onChange(d.checked ? [String(d.value)] : [])
        return
      }
      const next = new Set<TreeItemValue>(selected)
      const subtree = [d.value, ...descendants(items, d.value)]
      for (const v of subtree) {
        if (d.checked === true) next.add(v)
        else next.delete(v)
      }
      // an unchecked node leaves its ancestors only partly chosen
      if (d.checked !== true) for (const v of ancestors(items, d.value)) next.delete(v)
      onChange([...next].map(String))
    },
  })
  const labelOf = new Map(items.map((i) => [i.value, i.label]))
  return (
    <FlatTree {...headless.getTreeProps()} size="small" aria-label="tree">
      {Array.from(headless.items(), (item) => {
        const { label: _label, ...props } = item.getTreeItemProps() as ReturnType<
          typeof item.getTreeItemProps
        > & { label?: string }
        return (
          <FlatTreeItem {...props} key={String(item.value)}>
            {/* single choice: a click on the name chooses it, not only on the radio */}
            <TreeItemLayout onClick={multi ? undefined : () => onChange([String(item.value)])}>
              {labelOf.get(item.value)}
            </TreeItemLayout>
          </FlatTreeItem>
        )
      })}
    </FlatTree>
  )
}

function descendants(items: Item[], value: TreeItemValue): TreeItemValue[] {
  const out: TreeItemValue[] = []
  const stack = [value]
  while (stack.length) {
    const v = stack.pop()!
    for (const i of items)
      if (i.parentValue === v) {
        out.push(i.value)
        stack.push(i.value)
      }
  }
  return out
}

function ancestors(items: Item[], value: TreeItemValue): TreeItemValue[] {
  const out: TreeItemValue[] = []
  let parent = items.find((i) => i.value === value)?.parentValue
  while (parent !== undefined) {
    out.push(parent)
    const p = parent
    parent = items.find((i) => i.value === p)?.parentValue
  }
  return out
}
