import { describe, expect, it } from 'vitest'
import { competitionRanks, proposedAdvance } from './ranking'

describe('the 登记 grid ranking', () => {
  it('ranks ties alike and skips the places they take; unscored rows stay unranked', () => {
    expect(competitionRanks(['88', 92, '', 88, '75', null])).toEqual([2, 1, null, 2, 4, null])
  })

  it('proposes the top places by rank, ties included, and never an unscored row', () => {
    expect(proposedAdvance([88, 92, '', 88, 75], 1, 2, null)).toEqual([1, 1, 0, 1, 0])
    expect(proposedAdvance([88, 92, '', 88, 75], 1, 1, null)).toEqual([0, 1, 0, 0, 0])
  })

  it('proposes every score at or above the line', () => {
    expect(proposedAdvance([88, 92, '', 60, 75], 2, null, 75)).toEqual([1, 1, 0, 0, 1])
  })
})
