import { MESSAGES } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import {
  clearOtherContact,
  emptyCreateForm,
  toCreatePayload,
  validateCreateForm,
} from './create-form-model.ts'

const filled = {
  ...emptyCreateForm('medicare'),
  patientName: 'Ann Lee',
  mrn: 'MRN-1',
  email: 'ann@example.com',
  phone: '(555) 123-4567',
}

describe('create form model', () => {
  it('requires the MRN for ACO and physician roles only', () => {
    const noMrn = { ...filled, mrn: ' ' }
    for (const role of ['ACO_ADMIN', 'ACO_USER', 'PHYSICIAN_ADMIN', 'PHYSICIAN_USER', 'CLINICIAN'] as const) {
      expect(validateCreateForm(noMrn, role).mrn).toBe(MESSAGES.required)
    }
    expect(validateCreateForm(noMrn, 'AGENT_USER')).toEqual({})
  })

  it('accepts only the (555) 123-4567 pattern for the phone', () => {
    const phone = { ...filled, contactMethod: 'phone' as const }
    expect(validateCreateForm({ ...phone, phone: '555-123-4567' }, 'ACO_USER').phone).toBe(MESSAGES.phone)
    expect(validateCreateForm({ ...phone, phone: '(555)123-4567' }, 'ACO_USER').phone).toBeUndefined()
  })

  it('clears the contact that was not chosen', () => {
    expect(clearOtherContact(filled)).toMatchObject({ email: 'ann@example.com', phone: '' })
    expect(clearOtherContact({ ...filled, contactMethod: 'phone' })).toMatchObject({
      email: '',
      phone: '(555) 123-4567',
    })
  })

  it('never sends an MRN or a provider type for agents', () => {
    expect(toCreatePayload(filled, 'AGENT_ADMIN')).toEqual({
      health_plan: 'medicare',
      patient_mrn: null,
      patient_identifier: 'ann@example.com',
      contact_method: 'email',
      contact_value: 'ann@example.com',
      authorization_type: 'insurance_agent',
      metadata: { patient_name: 'Ann Lee' },
    })
  })

  it('sends the birth date only when given, and checks it is a real past date', () => {
    expect(toCreatePayload({ ...filled, birthDate: '1955-06-06' }, 'AGENT_ADMIN').patient_birth_date).toBe(
      '1955-06-06',
    )
    expect(validateCreateForm({ ...filled, birthDate: '2999-01-01' }, 'AGENT_ADMIN').birthDate).toBe(
      'Enter a real date of birth, not in the future.',
    )
    expect(validateCreateForm({ ...filled, birthDate: '' }, 'AGENT_ADMIN').birthDate).toBeUndefined()
  })
})
