import { describe, expect, it } from 'vitest'
import { approvedRequest, makeRequest } from '../testing/fixtures.ts'
import { patientRows } from './patients-tab.tsx'

const patientId = '10000000-0000-4000-8000-00000000abcd'

describe('patientRows', () => {
  it('links to the record once one of the patient’s requests brought Medicare data', () => {
    const rows = patientRows([
      makeRequest({ patient_id: patientId, status: 'denied', created_at: '2026-11-02T00:00:00Z' }),
      approvedRequest({ patient_id: patientId, created_at: '2026-11-01T00:00:00Z' }),
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0]?.latest.status).toBe('denied')
    expect(rows[0]?.record).toBe(`/app/patient/${patientId}`)
  })

  it('has no record link while no request brought data', () => {
    const rows = patientRows([makeRequest({ patient_id: patientId, status: 'denied' })])
    expect(rows[0]?.record).toBeNull()
  })
})
