import { describe, expect, it } from 'vitest'
import { noteBodySchema, patientExportFilename, patientSearchQuerySchema } from './patients.ts'

describe('patient search query', () => {
  it('accepts cache busters and defaults the page', () => {
    const parsed = patientSearchQuerySchema.parse({ search: ' smith ', _t: '123' })
    expect(parsed.search).toBe('smith')
    expect(parsed.page).toBe(1)
    expect(parsed.page_size).toBe(20)
  })
  it('caps the page size at 100', () => {
    expect(patientSearchQuerySchema.safeParse({ page_size: '101' }).success).toBe(false)
    expect(patientSearchQuerySchema.parse({ page_size: '100' }).page_size).toBe(100)
  })
})

describe('note body', () => {
  it('is 1 to 5000 characters after trimming', () => {
    expect(noteBodySchema.safeParse({ body: '   ' }).success).toBe(false)
    expect(noteBodySchema.safeParse({ body: 'x'.repeat(5001) }).success).toBe(false)
    expect(noteBodySchema.parse({ body: ' ok ' }).body).toBe('ok')
  })
})

describe('export file names', () => {
  it('say what the file holds and the day, never an id', () => {
    expect(patientExportFilename('csv', '2026-11-27')).toBe('patient-claims-2026-11-27.csv')
    expect(patientExportFilename('fhir', '2026-11-27')).toBe('patient-fhir-2026-11-27.json')
  })
})
