import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import type { ResourceDef } from '../../shared/resource/types'
import { sortQuery, type SortState } from './query'
import { ResourceGrid, nextSort, type GridRow, type RowActions } from './ResourceGrid'

afterEach(cleanup)

const sortableParam: ResourceDef = {
  ...paramResource,
  fields: paramResource.fields.map((f) => (f.name === 'paramKey' ? { ...f, sortable: true } : f)),
}

const rows: GridRow[] = [
  {
    key: '11',
    row: { id: '11', paramName: '登录失败锁定次数', paramKey: 'account.failCount', paramValue: '5' },
    index: 1,
    depth: 0,
    expanded: null,
  },
  {
    key: '12',
    row: { id: '12', paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '' },
    index: 2,
    depth: 0,
    expanded: null,
  },
]

/** The grid as the page wires it: sort and selection held in state, each change recorded. */
function Harness({
  actions = {},
  log,
}: {
  actions?: RowActions
  log: { sorts: (SortState | null)[]; selections: string[][] }
}) {
  const [sort, setSort] = useState<SortState | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  return (
    <FluentProvider theme={webLightTheme}>
      <ResourceGrid
        def={sortableParam}
        lang="zh"
        rows={rows}
        loading={false}
        error={null}
        onRetry={() => undefined}
        sort={sort}
        onSortChange={(s) => {
          log.sorts.push(s)
          setSort(s)
        }}
        selected={selected}
        onSelectedChange={(keys) => {
          log.selections.push([...keys])
          setSelected(keys)
        }}
        actions={actions}
      />
    </FluentProvider>
  )
}

describe('the list grid', () => {
  it('sorts sortable columns on the server: ascs, descs, then the default order', () => {
    const log = { sorts: [] as (SortState | null)[], selections: [] as string[][] }
    render(<Harness log={log} />)
    const header = screen.getByRole('columnheader', { name: /参数键名/ })
    fireEvent.click(header)
    fireEvent.click(header)
    fireEvent.click(header)
    expect(log.sorts.map(sortQuery)).toEqual([{ ascs: 'param_key' }, { descs: 'param_key' }, {}])
    // a column without `sortable` does not sort
    fireEvent.click(screen.getByRole('columnheader', { name: /参数名称/ }))
    expect(log.sorts).toHaveLength(3)
  })

  it('shows the index, the values and "-" for empty cells, and selects rows by id', () => {
    const log = { sorts: [], selections: [] as string[][] }
    render(<Harness log={log} />)
    const body = screen.getAllByRole('row').slice(1)
    expect(within(body[1]).getByText('2')).toBeTruthy()
    expect(within(body[0]).getByText('account.failCount')).toBeTruthy()
    expect(within(body[1]).getAllByText('-')).toHaveLength(2) // empty value and missing remark
    fireEvent.click(within(body[1]).getByRole('checkbox'))
    fireEvent.click(screen.getAllByRole('checkbox')[0])
    expect(log.selections).toEqual([['12'], ['12', '11']])
  })

  it('offers only the row actions it is given', () => {
    const log = { sorts: [], selections: [] }
    const edited: unknown[] = []
    render(<Harness log={log} actions={{ edit: (r) => edited.push(r.id) }} />)
    expect(screen.queryAllByRole('button', { name: '查看' })).toHaveLength(0)
    expect(screen.queryAllByRole('button', { name: '删除' })).toHaveLength(0)
    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[1])
    expect(edited).toEqual(['12'])
  })

  it('computes the next sort', () => {
    expect(nextSort(null, 'paramKey', 'ascending')).toEqual({ field: 'paramKey', desc: false })
    expect(nextSort({ field: 'paramKey', desc: true }, 'paramKey', 'ascending')).toBeNull()
    expect(nextSort({ field: 'paramKey', desc: true }, 'paramName', 'ascending')).toEqual({
      field: 'paramName',
      desc: false,
    })
  })
})
