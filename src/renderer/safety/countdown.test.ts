import { describe, expect, it } from 'vitest'
import { clockText, endsAt, leftAtServer, secondsLeft, warningsBetween } from './countdown'

describe('the exam countdown', () => {
  it('runs from the server’s deadline and serverNow, whatever the local clock says', () => {
    // The local clock is two hours and a bit off; only the server's difference counts.
    const receivedAt = Date.UTC(2030, 0, 1, 0, 0, 0)
    const end = endsAt('2025-11-20 10:00:00', '2025-11-20 09:15:30', receivedAt)
    expect(end - receivedAt).toBe(44.5 * 60_000)
    expect(secondsLeft(end, receivedAt)).toBe(2670)
    expect(secondsLeft(end, receivedAt + 2669_500)).toBe(1)
    expect(secondsLeft(end, receivedAt + 2670_000)).toBe(0)
    expect(secondsLeft(end, receivedAt + 9_999_999)).toBe(0)
  })

  it('is 0 when the server is already past the deadline', () => {
    expect(leftAtServer('2025-11-20 10:00:00', '2025-11-20 10:00:10')).toBe(0)
  })

  it('warns once at 5 and at 1 minutes, also when a tick jumps over the mark', () => {
    expect(warningsBetween(301, 300)).toEqual([300])
    expect(warningsBetween(300, 299)).toEqual([])
    expect(warningsBetween(61, 60)).toEqual([60])
    expect(warningsBetween(400, 30)).toEqual([300, 60])
    expect(warningsBetween(200, 199)).toEqual([])
  })

  it('shows minutes and seconds, hours when there are any', () => {
    expect(clockText(3548)).toBe('59:08')
    expect(clockText(3725)).toBe('1:02:05')
    expect(clockText(0)).toBe('00:00')
  })
})
