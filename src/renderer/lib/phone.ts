import type { MessageKey } from '../i18n/messages'
import { phoneProblem } from '../../shared/resources/system/user'

const KEYS = {
  empty: 'validate.phoneEmpty',
  length: 'validate.phoneLength',
  format: 'validate.phoneFormat',
} as const

/**
 * Phone validation of spec section 5 (the user definition's rule): the message key of the first rule
 * broken, or null when the number is valid.
 */
export function phoneError(value: string | null | undefined): MessageKey | null {
  const problem = phoneProblem(value)
  return problem ? KEYS[problem] : null
}
