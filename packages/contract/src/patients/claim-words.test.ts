import { describe, expect, it } from 'vitest'
import { CLAIM_TYPE_LABELS, claimNumber, claimTypeLabel, typeOfBillMeaning } from './claim-words.ts'
import { CLAIM_TYPES } from './patient-data.ts'

describe('claim type labels', () => {
  it('names every claim type in words, none left as its code', () => {
    for (const type of CLAIM_TYPES) {
      expect(CLAIM_TYPE_LABELS[type]).toBeTruthy()
      expect(CLAIM_TYPE_LABELS[type]).not.toBe(type)
    }
    expect(claimTypeLabel('CARRIER')).toBe('Physician/supplier')
    expect(claimTypeLabel('SNF')).toBe('Skilled nursing facility')
    expect(claimTypeLabel('OUTPATIENT')).toBe('Hospital outpatient')
  })

  it('shows a type it does not know as it was sent, and nothing inherited from Object', () => {
    expect(claimTypeLabel('PDE')).toBe('PDE')
    expect(claimTypeLabel('toString')).toBe('toString')
  })
})

describe('claim numbers', () => {
  it('drops the resource type and the sign Blue Button puts on synthetic claims', () => {
    expect(claimNumber('carrier--10000001200031')).toBe('10000001200031')
    expect(claimNumber('-10000001200031')).toBe('10000001200031')
    expect(claimNumber('carrier-22639159481')).toBe('22639159481')
    expect(claimNumber('22639159481')).toBe('22639159481')
  })

  it('keeps an id that is not a claim number as it was', () => {
    expect(claimNumber('abc-def')).toBe('abc-def')
    expect(claimNumber('')).toBe('')
  })
})

describe('type of bill', () => {
  it('reads facility, classification and frequency', () => {
    expect(typeOfBillMeaning('131')).toBe('Hospital outpatient, whole stay or visit')
    expect(typeOfBillMeaning('0111')).toBe('Hospital inpatient, whole stay or visit')
    expect(typeOfBillMeaning('211')).toBe('Skilled nursing facility inpatient, whole stay or visit')
    expect(typeOfBillMeaning('327')).toBe('Home health under a plan of treatment, replaces an earlier claim')
    expect(typeOfBillMeaning('851')).toBe('Critical access hospital, whole stay or visit')
    expect(typeOfBillMeaning('711')).toBe('Rural health clinic, whole stay or visit')
  })

  it('says nothing for a code it cannot read, so the code is shown instead', () => {
    expect(typeOfBillMeaning(null)).toBeNull()
    expect(typeOfBillMeaning('13')).toBeNull()
    expect(typeOfBillMeaning('931')).toBeNull()
    expect(typeOfBillMeaning('abc')).toBeNull()
  })

  it('leaves out a frequency digit it does not know rather than guessing', () => {
    expect(typeOfBillMeaning('136')).toBe('Hospital outpatient')
  })
})
