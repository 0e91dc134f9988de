import { describe, expect, it } from 'vitest'
import { fillFromNpiLookup, touchedKey, visibleErrors } from './wizard-rules.ts'

describe('field errors', () => {
  const errors = {
    'npiData.npi': 'Enter a valid 10-digit NPI',
    'npiData.display_name': 'This field is required',
  }

  it('show none before a field was left, only the left field after, and all once the step was submitted', () => {
    expect(visibleErrors(errors, new Set(), false)).toEqual({})
    expect(visibleErrors(errors, new Set(['npiData.display_name']), false)).toEqual({
      'npiData.display_name': 'This field is required',
    })
    expect(visibleErrors(errors, new Set(), true)).toEqual(errors)
  })

  it('are keyed by the nearest element naming one', () => {
    const group = document.createElement('fieldset')
    group.setAttribute('data-touch', 'acoProfile.primary_address')
    const input = document.createElement('input')
    group.append(input)
    expect(touchedKey(input)).toBe('acoProfile.primary_address')
    expect(touchedKey(document.createElement('input'))).toBeNull()
    expect(touchedKey(null)).toBeNull()
  })
})

describe('NPI lookup', () => {
  const empty = { npi: '1245319599', display_name: '', organization_name: '' }

  it('fills the organisation and, from it, the display name', () => {
    const filled = fillFromNpiLookup(empty, {
      name: null,
      organization_name: 'Lakeside Family Medicine PLLC',
    })
    expect(filled.npiData).toEqual({
      npi: '1245319599',
      organization_name: 'Lakeside Family Medicine PLLC',
      display_name: 'Lakeside Family Medicine PLLC',
    })
    expect(filled.message).toBe('Found in the NPI registry: Lakeside Family Medicine PLLC')
  })

  it('never puts a prescriber’s personal name in the display name patients see', () => {
    const person = { name: 'Ana Ruiz, MD', organization_name: null }
    const blank = fillFromNpiLookup(empty, person)
    expect(blank.npiData.display_name).toBe('')
    expect(blank.npiData.organization_name).toBe('')
    expect(blank.message).toContain('an individual provider')
    const named = fillFromNpiLookup({ ...empty, organization_name: 'Lakeside Family Medicine' }, person)
    expect(named.npiData.display_name).toBe('Lakeside Family Medicine')
    expect(JSON.stringify(named.npiData)).not.toContain('Ana Ruiz')
  })

  it('replaces nothing the user already entered', () => {
    const mine = { npi: '1245319599', display_name: 'Lakeside Clinic', organization_name: 'Lakeside LLC' }
    expect(fillFromNpiLookup(mine, { name: null, organization_name: 'Other Name Inc' }).npiData).toEqual(mine)
  })
})
