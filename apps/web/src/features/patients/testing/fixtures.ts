// Patients, medications, claims and risk scores as the patient endpoints serve them.
import type { User } from '@blueconsent/contract/auth'
import type {
  Consolidated,
  Patient,
  PatientClaim,
  PatientRiskScore,
  RiskScore,
} from '@blueconsent/contract/patients'
import type { Paginated, Role } from '@blueconsent/contract/shared'
import { createFakeFetch, json, type FakeFetch } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { riskScoreFixture } from '@/testing/risk-score-fixture.ts'
import { makeMedication } from '@/testing/fixtures.ts'

export { makeMedication }

export const PATIENT_ID = '10000000-0000-4000-8000-000000000001'
export const OTHER_PATIENT_ID = '10000000-0000-4000-8000-000000000002'

export function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: PATIENT_ID,
    name: 'Maria Lopez',
    full_name: 'Maria Lopez',
    given_names: ['Maria'],
    family_name: 'Lopez',
    birth_date: '1948-05-12',
    date_of_birth: '1948-05-12',
    gender: 'female',
    mrn: 'MRN-1',
    medical_record_number: 'MRN-1',
    medicare_number: '1EG4TE5MK73',
    member_number: null,
    email: 'maria.lopez@example.com',
    phone_number: '+15555550123',
    phone: '+15555550123',
    address_line: ['12 Harbor Way'],
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    created_at: '2026-10-02T09:00:00Z',
    tin_id: null,
    data_as_of: '2026-11-20T08:00:00Z',
    last_synced_at: '2026-11-20T08:05:00Z',
    authorization: null,
    ...overrides,
  }
}

export const patientPage = (results: Patient[], count = results.length): Paginated<Patient> => ({
  count,
  next: null,
  previous: null,
  results,
})

export function makeClaim(index: number, overrides: Partial<PatientClaim> = {}): PatientClaim {
  const month = String((index % 12) + 1).padStart(2, '0')
  const date = `2026-${month}-${String((index % 27) + 1).padStart(2, '0')}`
  return {
    id: `claim-${index}`,
    record_id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    claim_id: `carrier-${1000 + index}`,
    claim_type: 'CARRIER',
    // As the API serves claims: the first line's code with its code set and words, diagnoses with CDC's words.
    service: '99213',
    procedure: '99213',
    service_code_set: 'CPT',
    service_description: 'Office or outpatient visit, established patient',
    service_date: date,
    date,
    end_date: date,
    provider: 'Sunrise Family Medicine',
    provider_npi: '1999999999',
    type_of_bill: null,
    diagnoses: [
      {
        sequence: 1,
        code: 'E119',
        system: 'icd10',
        roles: ['principal'],
        description: 'Type 2 diabetes mellitus without complications',
      },
    ],
    lines: [],
    submitted_cents: 15000,
    allowed_cents: 9876,
    medicare_paid_cents: 7900,
    patient_pays_cents: 1976,
    ...overrides,
  }
}

export const makeClaims = (count: number): PatientClaim[] =>
  Array.from({ length: count }, (_, index) => makeClaim(index))

export const consolidated = (overrides: Partial<Consolidated> = {}): Consolidated => ({
  patient_id: PATIENT_ID,
  data_as_of: '2026-11-20T08:00:00Z',
  last_synced_at: '2026-11-20T08:05:00Z',
  medications: [makeMedication()],
  claims: makeClaims(3),
  ...overrides,
})

/** The shared fixture with a defaulted input and incomplete data, so pages show the warning. */
export const riskScore = (overrides: Partial<RiskScore> = {}): RiskScore =>
  riskScoreFixture({
    defaulted: [
      { input: 'original reason for entitlement', reason: 'Not in the Medicare data; assumed age.' },
    ],
    completeness: { status: 'incomplete', note: 'Only 7 months of claims are available.' },
    ...overrides,
  })

export const patientRiskScore = (explanation: RiskScore | null = riskScore()): PatientRiskScore => ({
  score: explanation?.payment_score ?? null,
  calculation_date: explanation?.calculation_date ?? null,
  explanation,
})

const ORGANIZATION_FOR: Partial<Record<Role, NonNullable<User['organization']>>> = {
  PHYSICIAN_USER: { id: 'org-p', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
  PHYSICIAN_ADMIN: { id: 'org-p', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
  CLINICIAN: { id: 'org-p', name: 'Lakeside Clinic', organization_type: 'PHYSICIAN_GROUP' },
  AGENT_USER: { id: 'org-a', name: 'Harbor Insurance', organization_type: 'INSURANCE_AGENCY' },
  AGENT_ADMIN: { id: 'org-a', name: 'Harbor Insurance', organization_type: 'INSURANCE_AGENCY' },
}

export const personaFor = (role: Role): User => {
  const organization = ORGANIZATION_FOR[role]
  return userWithRole(role, organization ? { organization } : {})
}

/** The patient endpoints answering for one patient. */
export function patientFake(data: Consolidated = consolidated()): FakeFetch {
  return (
    createFakeFetch()
      .on('GET /api/patients/', json(200, patientPage([makePatient()])))
      // The Patients page's own list of the organisation, newest data first.
      .on('GET /api/patients/?ordering=-data_as_of', json(200, patientPage([makePatient()])))
      .on(`GET /api/patients/${PATIENT_ID}/`, json(200, makePatient()))
      .on(`GET /api/patients/${PATIENT_ID}/consolidated/`, json(200, data))
      .on(`GET /api/patients/${PATIENT_ID}/risk_score/`, json(200, patientRiskScore()))
      .on(
        `GET /api/patients/${PATIENT_ID}/notes/`,
        json(200, { count: 0, next: null, previous: null, results: [] }),
      )
      .on('GET /api/csrf/', json(200, { csrftoken: 'csrf-1' }))
  )
}
