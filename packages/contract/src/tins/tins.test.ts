import { describe, expect, it } from 'vitest'
import { bulkAttachSchema, maskTin, tinCreateSchema, tinIdentifierSchema, TIN_MESSAGES } from './tins.ts'

describe('TIN identifiers', () => {
  it('accepts nine digits as typed with a dash or spaces, and keeps only the digits', () => {
    expect(tinIdentifierSchema.parse('12-3456789')).toBe('123456789')
    expect(tinIdentifierSchema.parse('123 456 789')).toBe('123456789')
    expect(tinIdentifierSchema.parse('123456789')).toBe('123456789')
  })

  it('refuses anything that is not nine digits, with one message', () => {
    for (const bad of ['12345678', '1234567890', '12-345678A', '', 'abcdefghi']) {
      const result = tinIdentifierSchema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(TIN_MESSAGES.nineDigits)
    }
  })

  it('masks all but the last four digits', () => expect(maskTin('123456789')).toBe('XX-XXX6789'))

  it('needs a practice name beside the number', () => {
    const result = tinCreateSchema.safeParse({ identifier_value: '12-3456789', provider_org_name: '  ' })
    expect(result.error?.issues[0]?.message).toBe(TIN_MESSAGES.nameRequired)
  })
})

describe('bulk attach', () => {
  it('takes ids or MRNs, at least one and at most 5,000', () => {
    expect(bulkAttachSchema.safeParse({ mrns: ['A-1'] }).success).toBe(true)
    expect(bulkAttachSchema.safeParse({}).success).toBe(false)
    expect(bulkAttachSchema.safeParse({ mrns: [] }).success).toBe(false)
    const many = Array.from({ length: 3_000 }, (_, index) => `M-${index}`)
    expect(bulkAttachSchema.safeParse({ mrns: many, patient_ids: [] }).success).toBe(true)
    const ids = Array.from({ length: 2_001 }, () => '11111111-1111-4111-8111-111111111111')
    expect(bulkAttachSchema.safeParse({ mrns: many, patient_ids: ids }).success).toBe(false)
  })
})
