import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { paramResource } from '../../shared/resources/system/param'
import { listQuery, type Query, type SearchValues } from './query'
import { SearchBar } from './SearchBar'

afterEach(cleanup)

/** The search bar as the page wires it: a draft, applied on 搜索, emptied on 清空. */
function Harness({ onQuery }: { onQuery: (q: Query) => void }) {
  const [draft, setDraft] = useState<SearchValues>({})
  return (
    <FluentProvider theme={webLightTheme}>
      <SearchBar
        def={paramResource}
        lang="zh"
        values={draft}
        onChange={setDraft}
        onSearch={() => onQuery(listQuery(paramResource, draft, null, { current: 1, size: 10 }))}
        onReset={() => {
          setDraft({})
          onQuery(listQuery(paramResource, {}, null, { current: 1, size: 10 }))
        }}
      />
    </FluentProvider>
  )
}

describe('the parameter search form', () => {
  it('searches by name and key with LIKE keys, and 清空 empties the form and the filters', () => {
    const queries: Query[] = []
    render(<Harness onQuery={(q) => queries.push(q)} />)
    fireEvent.change(screen.getByRole('textbox', { name: '参数名称' }), { target: { value: '锁定' } })
    fireEvent.change(screen.getByRole('textbox', { name: '参数键名' }), { target: { value: 'account' } })
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    expect(queries.at(-1)).toEqual({ paramName: '锁定', paramKey: 'account', current: 1, size: 10 })
    fireEvent.click(screen.getByRole('button', { name: '清空' }))
    expect(queries.at(-1)).toEqual({ current: 1, size: 10 })
    expect((screen.getByRole('textbox', { name: '参数名称' }) as HTMLInputElement).value).toBe('')
  })

  it('searches on Enter', () => {
    const queries: Query[] = []
    render(<Harness onQuery={(q) => queries.push(q)} />)
    const key = screen.getByRole('textbox', { name: '参数键名' })
    fireEvent.change(key, { target: { value: 'x' } })
    fireEvent.submit(key.closest('form')!)
    expect(queries).toEqual([{ paramKey: 'x', current: 1, size: 10 }])
  })
})
