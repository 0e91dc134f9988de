import { describe, expect, it } from 'vitest'
import { announcedAsRenewalDue } from './subscriptions.ts'

const ends = new Date('2027-12-01T00:00:00Z')

describe('announcedAsRenewalDue', () => {
  it('is the 30-day mark of a grant that ends with the portal’s access', () => {
    expect(announcedAsRenewalDue(new Date(ends), ends, 30)).toBe(true)
  })
  it('leaves the 7-day mark and a grant that ends at another time to the grant’s own announcement', () => {
    expect(announcedAsRenewalDue(new Date(ends), ends, 7)).toBe(false)
    expect(announcedAsRenewalDue(new Date('2027-11-01T00:00:00Z'), ends, 30)).toBe(false)
    expect(announcedAsRenewalDue(null, ends, 30)).toBe(false)
  })
})
