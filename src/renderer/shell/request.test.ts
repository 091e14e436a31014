import { describe, expect, it } from 'vitest'
import { ApiCallRequest } from '../../shared/ipc/contract'
import { safetyBankApi } from '../../shared/api/safety'
import { toRequest } from './request'

describe('toRequest', () => {
  it('leaves an optional query parameter given as undefined out, so the IPC contract takes the call', () => {
    const req = toRequest(safetyBankApi.question.fixedExamQuestionGeneration, {
      query: {
        categoryProportionArray: '[]',
        singleCount: 1,
        multipleCount: 0,
        judgeCount: 0,
        labelIds: undefined,
      },
    })
    expect(req.query).toEqual({
      categoryProportionArray: '[]',
      singleCount: 1,
      multipleCount: 0,
      judgeCount: 0,
    })
    expect(ApiCallRequest.safeParse(req).success).toBe(true)
  })
})
