import type { Role } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { makePatient } from '../testing/fixtures.ts'
import { patientFactRows, patientFieldsFor } from './patient-fields.ts'

const labels = (role: Role) => patientFactRows(makePatient(), patientFieldsFor(role)).map(([label]) => label)

describe('patientFactRows', () => {
  it('gives ACO and physician roles the MRN, Medicare ID, gender and contact details', () => {
    for (const role of ['ACO_ADMIN', 'ACO_USER', 'PHYSICIAN_ADMIN', 'PHYSICIAN_USER', 'CLINICIAN'] as const) {
      expect(labels(role), role).toEqual([
        'Date of birth',
        'Gender',
        'MRN',
        'Medicare ID',
        'Phone',
        'Email',
        'Address',
      ])
    }
  })

  it('gives agents and every other role the identity only, however much the patient record holds', () => {
    for (const role of ['AGENT_ADMIN', 'AGENT_USER', 'ADMIN', 'USER', 'PATIENT'] as const) {
      expect(labels(role), role).toEqual(['Date of birth'])
    }
  })

  it('reads the values through the field alternatives', () => {
    const rows = patientFactRows(
      makePatient({ birth_date: null, date_of_birth: '1950-01-02', mrn: null, medical_record_number: 'M-9' }),
      patientFieldsFor('ACO_USER'),
    )
    expect(Object.fromEntries(rows)).toMatchObject({
      'Date of birth': '1950-01-02',
      MRN: 'M-9',
      Phone: '+15555550123',
      Address: '12 Harbor Way, Springfield, IL 62701',
    })
  })
})
