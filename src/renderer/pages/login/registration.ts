import type { MessageKey } from '../../i18n/messages'

export interface RegistrationForm {
  tenantId: string
  name: string
  account: string
  password: string
  password2: string
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, MessageKey>>

/**
 * Spec 5 registration rules: tenant id (unless resolved from the host), account, password and
 * confirmation required, and the two passwords must match.
 */
export function validateRegistration(form: RegistrationForm, tenantResolved: boolean): RegistrationErrors {
  const errors: RegistrationErrors = {}
  if (!tenantResolved && !form.tenantId.trim()) errors.tenantId = 'register.tenantRequired'
  if (!form.account.trim()) errors.account = 'register.accountRequired'
  if (!form.password) errors.password = 'register.passwordRequired'
  if (!form.password2) errors.password2 = 'register.password2Required'
  else if (form.password && form.password !== form.password2) errors.password2 = 'register.mismatch'
  return errors
}
