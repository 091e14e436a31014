import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { DateInput, DateTimeInput } from './DateInput'

afterEach(cleanup)

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return (
    <FluentProvider theme={webLightTheme}>
      <DateInput aria-label="开始日期" value={value} onChange={setValue} />
      <output aria-label="值">{value}</output>
    </FluentProvider>
  )
}

describe('DateInput', () => {
  it('shows the value as yyyy-MM-dd and keeps a typed day in that format', () => {
    render(<Harness initial="2025-09-01" />)
    const input = screen.getByLabelText('开始日期') as HTMLInputElement
    expect(input.value).toBe('2025-09-01')
    fireEvent.change(input, { target: { value: '2025/10/8' } })
    fireEvent.blur(input)
    expect(screen.getByLabelText('值').textContent).toBe('2025-10-08')
  })
})

function DateTimeHarness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return (
    <FluentProvider theme={webLightTheme}>
      <DateTimeInput aria-label="开始时间" value={value} onChange={setValue} />
      <output aria-label="值">{value}</output>
      {/* the value changed from outside while a time is being typed (a day the picker announces late) */}
      <button onClick={() => setValue('2026-12-07 00:00:00')}>外部改值</button>
    </FluentProvider>
  )
}

describe('DateTimeInput', () => {
  it('takes a typed time on Enter in HH:mm and sends yyyy-MM-dd HH:mm:ss', () => {
    render(<DateTimeHarness initial="2026-12-01 08:00:00" />)
    const time = screen.getByLabelText('开始时间 HH:mm') as HTMLInputElement
    expect(time.value).toBe('08:00')
    fireEvent.change(time, { target: { value: '9:5' } })
    fireEvent.keyDown(time, { key: 'Enter' })
    expect(screen.getByLabelText('值').textContent).toBe('2026-12-01 09:05:00')
    expect(time.value).toBe('09:05')
  })

  it('puts a time that is not one back to the last good one', () => {
    render(<DateTimeHarness initial="2026-12-01 08:00:00" />)
    const time = screen.getByLabelText('开始时间 HH:mm') as HTMLInputElement
    fireEvent.change(time, { target: { value: '25:00' } })
    fireEvent.blur(time)
    expect(time.value).toBe('08:00')
    expect(screen.getByLabelText('值').textContent).toBe('2026-12-01 08:00:00')
  })

  it('keeps a time being typed when the value changes before it is taken', () => {
    render(<DateTimeHarness initial="2026-12-01 08:00:00" />)
    const time = screen.getByLabelText('开始时间 HH:mm') as HTMLInputElement
    fireEvent.change(time, { target: { value: '17:00' } })
    fireEvent.click(screen.getByRole('button', { name: '外部改值' }))
    expect(time.value).toBe('17:00')
    fireEvent.blur(time)
    expect(screen.getByLabelText('值').textContent).toBe('2026-12-07 17:00:00')
    expect(time.value).toBe('17:00')
  })
})
