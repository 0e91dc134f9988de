import type { Profile } from '@blueconsent/contract/account'
import { describe, expect, it } from 'vitest'
import {
  accountCreatedText,
  checkSave,
  isDirty,
  profileDashboardPath,
  showsInvitationsLink,
  validate,
  valuesOf,
} from './profile-form-model.ts'

const profile: Profile = {
  id: 'u1',
  email: 'dana@example.com',
  first_name: 'Dana',
  last_name: 'Lee',
  full_name: 'Dana Lee',
  role: 'ACO_USER',
  permissions: [],
  organization: null,
  date_joined: '2025-03-04T15:00:00.000Z',
  is_superuser: false,
  is_demo: false,
  groups: [],
  address: null,
}
const loaded = valuesOf(profile)

describe('profile form', () => {
  it('is dirty only when a name or an address field differs from what was loaded', () => {
    expect(isDirty(loaded, loaded)).toBe(false)
    expect(isDirty({ ...loaded, city: 'Tucson' }, loaded)).toBe(true)
  })

  it('refuses a save with no changes, with invalid fields, and within the throttle', () => {
    expect(checkSave(loaded, loaded, null, 10_000, 2_000)).toEqual({
      ok: false,
      message: 'No changes to save',
    })
    expect(checkSave({ ...loaded, first_name: ' ' }, loaded, null, 10_000, 2_000)).toMatchObject({
      ok: false,
      message: 'Please correct the errors before saving',
    })
    const changed = { ...loaded, first_name: 'Robin' }
    expect(checkSave(changed, loaded, 9_000, 10_000, 2_000)).toEqual({
      ok: false,
      message: 'Please wait before submitting again',
    })
    expect(checkSave(changed, loaded, 7_000, 10_000, 2_000)).toEqual({ ok: true })
  })

  it('asks for a whole address once one is started, ZIP 5 or ZIP+4, state from the list', () => {
    const started = { ...loaded, street_address: '1 Main St', state: 'ZZ', zip_code: '1234' }
    expect(Object.keys(validate(started)).sort()).toEqual(['city', 'state', 'zip_code'])
    expect(validate({ ...started, city: 'Mesa', state: 'AZ', zip_code: '85201-1234' })).toEqual({})
    expect(validate({ ...loaded, first_name: '', last_name: '' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    })
  })
})

describe('profile page helpers', () => {
  it('sends Back to Dashboard to the dashboard of the role’s family', () => {
    expect(profileDashboardPath('AGENT_ADMIN')).toBe('/app/agent-dashboard')
    expect(profileDashboardPath('PHYSICIAN_USER')).toBe('/app/physician-dashboard')
    expect(profileDashboardPath('ACO_ADMIN')).toBe('/app/aco-dashboard')
    expect(profileDashboardPath('ADMIN')).toBe('/app/admin-dashboard')
    expect(profileDashboardPath('CLINICIAN')).toBe('/app/dashboard')
  })

  it('writes Account Created in en-US long form, or Unknown', () => {
    expect(accountCreatedText('2025-03-04T15:00:00.000Z')).toBe('March 4, 2025')
    expect(accountCreatedText(null)).toBe('Unknown')
    expect(accountCreatedText('not a date')).toBe('Unknown')
  })

  it('offers the Invitations link to administrators and ACO users only', () => {
    expect(showsInvitationsLink('ADMIN')).toBe(true)
    expect(showsInvitationsLink('ACO_USER')).toBe(true)
    expect(showsInvitationsLink('PHYSICIAN_ADMIN')).toBe(false)
  })
})
