import { describe, expect, it } from 'vitest'
import {
  INITIAL_SETUP_STATE,
  answeredAtSignup,
  identityErrors,
  prefilledSetupState,
  isProgressFresh,
  isSetupReady,
  readinessGates,
  recordChange,
  redo,
  setupProgress,
  undo,
  type SetupHistory,
  type SetupState,
} from './setup.ts'

const physician: SetupState = {
  ...INITIAL_SETUP_STATE,
  accountType: 'INDIVIDUAL',
  businessType: 'MEDICAL_PROVIDER',
  npiData: { npi: '1245319599', display_name: 'Dr. Ana Ruiz', organization_name: 'Ruiz Family Medicine' },
}

describe('readiness gates', () => {
  it('holds for a physician with a valid NPI and a display identity', () => {
    expect(readinessGates(physician)).toEqual({
      emailVerified: true,
      billingActive: true,
      businessType: true,
      npiValidated: true,
      displayIdentity: true,
    })
    expect(isSetupReady(physician)).toBe(true)
  })

  it('fails an NPI whose check digit is wrong, and counts the share of true gates', () => {
    const wrong = { ...physician, npiData: { ...physician.npiData, npi: '1245319598' } }
    expect(readinessGates(wrong).npiValidated).toBe(false)
    expect(setupProgress(readinessGates(wrong))).toBe(80)
    expect(identityErrors(wrong)['npiData.npi']).toBe('Enter a valid 10-digit NPI')
  })

  it('needs a complete profile and at least one TIN for an ACO', () => {
    const aco: SetupState = {
      ...INITIAL_SETUP_STATE,
      accountType: 'TEAM',
      businessType: 'ACO',
      acoProfile: {
        legal_name: 'Valley ACO',
        primary_address: { street: '1 Main St', city: 'Mesa', state: 'AZ', zip: '85201' },
        main_phone: '(480) 555-0100',
        support_email: 'help@valley.example',
      },
    }
    expect(readinessGates(aco).hasTin).toBe(false)
    expect(isSetupReady(aco)).toBe(false)
    const withTin = { ...aco, contractedTINs: [{ tin: '12-3456789', name: 'Valley Clinic' }] }
    expect(isSetupReady(withTin)).toBe(true)
    expect(isSetupReady({ ...withTin, contractedTINs: [{ tin: '123', name: 'x' }] })).toBe(false)
  })

  it('asks an individual agency for NPN, organisation with phone, and licence with state', () => {
    const agent: SetupState = {
      ...INITIAL_SETUP_STATE,
      accountType: 'INDIVIDUAL',
      businessType: 'INSURANCE_AGENCY',
      individualProfile: {
        npn: '1234567',
        organization_name: 'Sun Agency',
        address: { street: '', city: '', state: '', zip: '' },
        phone: '6025550101',
        license_number: 'L-55',
        license_state: 'ZZ',
      },
    }
    expect(readinessGates(agent)).toMatchObject({ npn: true, organizationAndPhone: true, license: false })
    expect(
      isSetupReady({ ...agent, individualProfile: { ...agent.individualProfile, license_state: 'AZ' } }),
    ).toBe(true)
  })

  it('asks an agency team for legal name, street and support email', () => {
    const team: SetupState = {
      ...INITIAL_SETUP_STATE,
      accountType: 'TEAM',
      businessType: 'INSURANCE_AGENCY_TEAM',
      agencyProfile: {
        legal_name: 'Desert Benefits LLC',
        address: { street: '9 Cactus Rd', city: '', state: '', zip: '' },
        support_email: 'not-an-email',
      },
    }
    expect(readinessGates(team).agencyProfile).toBe(false)
    expect(
      isSetupReady({
        ...team,
        agencyProfile: { ...team.agencyProfile, support_email: 'team@desert.example' },
      }),
    ).toBe(true)
  })

  it('is never ready without a business type', () => {
    expect(isSetupReady(INITIAL_SETUP_STATE)).toBe(false)
  })
})

describe('progress', () => {
  it('only rises as the wizard goes forward, whatever business type is chosen', () => {
    const start = setupProgress(readinessGates(INITIAL_SETUP_STATE))
    expect(start).toBe(50)
    for (const accountType of ['INDIVIDUAL', 'TEAM'] as const)
      for (const businessType of [
        'MEDICAL_PROVIDER',
        'INSURANCE_AGENCY',
        'ACO',
        'MEDICAL_PROVIDER_TEAM',
        'INSURANCE_AGENCY_TEAM',
      ] as const) {
        const chosen = setupProgress(readinessGates({ ...INITIAL_SETUP_STATE, accountType, businessType }))
        expect(chosen, businessType).toBeGreaterThanOrEqual(start)
      }
    const typed = { ...physician, npiData: { ...physician.npiData, npi: '', display_name: '' } }
    const steps = [
      typed,
      { ...typed, npiData: { ...typed.npiData, npi: '1245319599' } },
      { ...typed, npiData: { ...typed.npiData, npi: '1245319599', display_name: 'Ruiz Family Medicine' } },
    ].map((state) => setupProgress(readinessGates(state)))
    expect(steps).toEqual([60, 80, 100])
  })
})

describe('what sign-up already answered', () => {
  const practice = {
    name: 'Lakeside Family Medicine',
    organization_type: 'PHYSICIAN_GROUP' as const,
    npi: '1234567893',
    npn: null,
    license_state: null,
  }

  it('opens a practice on the identity step with its type, NPI and name, the display name its own', () => {
    const state = prefilledSetupState(practice)
    expect(state).toMatchObject({
      currentStep: 'identity',
      accountType: 'TEAM',
      businessType: 'MEDICAL_PROVIDER_TEAM',
      npiData: {
        npi: '1234567893',
        display_name: 'Lakeside Family Medicine',
        organization_name: 'Lakeside Family Medicine',
      },
    })
    expect(answeredAtSignup(practice)).toEqual({ businessType: true, npi: true })
    expect(isSetupReady(state)).toBe(true)
  })

  it('names an ACO and an agency by their sign-up names, and asks everything of an unknown type', () => {
    expect(prefilledSetupState({ ...practice, organization_type: 'ACO', npi: null })).toMatchObject({
      businessType: 'ACO',
      acoProfile: { legal_name: 'Lakeside Family Medicine' },
    })
    const agency = { ...practice, organization_type: 'INSURANCE_AGENCY' as const, npi: null }
    expect(prefilledSetupState(agency)).toMatchObject({
      businessType: 'INSURANCE_AGENCY_TEAM',
      agencyProfile: { legal_name: 'Lakeside Family Medicine' },
    })
    expect(answeredAtSignup(agency)).toEqual({ businessType: true, npi: false })
    expect(prefilledSetupState({ ...practice, organization_type: 'INDIVIDUAL' })).toEqual(INITIAL_SETUP_STATE)
    expect(prefilledSetupState(null)).toEqual(INITIAL_SETUP_STATE)
    expect(answeredAtSignup(null)).toEqual({ businessType: false, npi: false })
  })
})

describe('undo and redo', () => {
  it('undoes and redoes, and a new change clears what could be redone', () => {
    let history: SetupHistory = { past: [], present: INITIAL_SETUP_STATE, future: [] }
    history = recordChange(history, { ...history.present, accountType: 'TEAM' })
    history = recordChange(history, { ...history.present, businessType: 'ACO' })
    history = undo(history)
    expect(history.present.businessType).toBeNull()
    history = redo(history)
    expect(history.present.businessType).toBe('ACO')
    history = undo(history)
    history = recordChange(history, { ...history.present, businessType: 'INSURANCE_AGENCY_TEAM' })
    expect(redo(history)).toBe(history)
  })

  it('keeps at most 50 entries', () => {
    let history: SetupHistory = { past: [], present: INITIAL_SETUP_STATE, future: [] }
    for (let index = 0; index < 60; index += 1)
      history = recordChange(history, { ...history.present, clinicTIN: String(index) })
    expect(history.past).toHaveLength(50)
    expect(history.past[0]?.clinicTIN).toBe('9')
  })
})

describe('saved progress', () => {
  it('is resumed when younger than 30 days and discarded after', () => {
    const day = 86_400_000
    expect(isProgressFresh(0, 29 * day)).toBe(true)
    expect(isProgressFresh(0, 30 * day)).toBe(false)
  })
})
