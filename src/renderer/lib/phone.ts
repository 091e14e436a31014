import type { MessageKey } from '../i18n/messages'

/**
 * Phone validation of spec section 5: 11 digits starting with 1. Returns the message key of the
 * first rule broken, or null when the number is valid.
 */
export function phoneError(value: string | null | undefined): MessageKey | null {
  const phone = (value ?? '').trim()
  if (phone === '') return 'validate.phoneEmpty'
  if (phone.length !== 11) return 'validate.phoneLength'
  if (!/^1\d{10}$/.test(phone)) return 'validate.phoneFormat'
  return null
}
