import { describe, expect, it } from 'vitest'
import { adminReportQuerySchema } from '../admin-reports/admin-reports.ts'
import { auditQuerySchema } from '../audit/audit.ts'
import { isoDateOrTimeSchema, isoDaySchema } from './dates.ts'

describe('dates in query parameters', () => {
  it('accept real days and ISO date-times in years 0001 to 9999 only', () => {
    expect(isoDaySchema.safeParse('2026-11-27').success).toBe(true)
    expect(isoDateOrTimeSchema.safeParse('2026-11-27T10:00:00.000Z').success).toBe(true)
    expect(isoDateOrTimeSchema.safeParse('2026-11-27T10:00+02:00').success).toBe(true)
    for (const bad of [
      '99999-01-01',
      '-000001-01-01',
      '+099999-01-01',
      '0000-01-01',
      '2026-02-30',
      'yesterday',
    ]) {
      expect(isoDaySchema.safeParse(bad).success, bad).toBe(false)
      expect(isoDateOrTimeSchema.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('are what the admin reports and the audit log check', () => {
    expect(adminReportQuerySchema.safeParse({ from: '99999-01-01', to: '2026-01-01' }).success).toBe(false)
    expect(auditQuerySchema.safeParse({ from: '99999-01-01' }).success).toBe(false)
    expect(auditQuerySchema.safeParse({ to: '2026-11-27' }).success).toBe(true)
  })
})
