import { afterEach, describe, expect, it } from 'vitest'
import { applyAccountPreferences, readEmailPreferences } from './preferences.ts'

afterEach(() => {
  window.localStorage.clear()
  document.documentElement.removeAttribute('data-theme')
})

describe('preferences', () => {
  it('defaults every email switch to on', () => {
    expect(readEmailPreferences()).toEqual({ emailBilling: true, emailSystem: true, emailSecurity: true })
  })

  it('makes this browser follow the account: theme and switches', () => {
    applyAccountPreferences({
      theme: 'night',
      email_billing: false,
      email_system: true,
      email_security: true,
    })
    expect(document.documentElement.dataset.theme).toBe('night')
    expect(document.documentElement.style.colorScheme).toBe('dark')
    expect(window.localStorage.getItem('theme')).toBe('night')
    expect(readEmailPreferences().emailBilling).toBe(false)
  })

  it('keeps the local theme when the account never chose one', () => {
    window.localStorage.setItem('theme', 'cupcake')
    applyAccountPreferences({ theme: null, email_billing: true, email_system: true, email_security: true })
    expect(window.localStorage.getItem('theme')).toBe('cupcake')
  })
})
