// Adherence answers for the web tests.
import type {
  MeasureOutcome,
  PatientAdherence,
  PreVisitBrief,
  VisitPlanner,
} from '@blueconsent/contract/adherence'
import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { userWithRole } from '@/testing/fixtures.ts'

export const BRIEF_PATIENT_ID = '10000000-0000-4000-8000-000000000001'

export const memberOf = (role: Role, organizationType: OrganizationType) =>
  userWithRole(role, {
    organization: { id: 'org-1', name: 'Lakeside Clinic', organization_type: organizationType },
  })

export function makeOutcome(overrides: Partial<MeasureOutcome> = {}): MeasureOutcome {
  return {
    measure: 'statins',
    label: 'Cholesterol (statins)',
    status: 'below_threshold',
    exclusion: null,
    pdc: 0.54,
    fills: 3,
    index_date: '2026-01-02',
    period_end: '2026-11-27',
    period_days: 330,
    covered_days: 178,
    stay_days: 0,
    last_fill: { date: '2026-06-01', drug_name: 'Atorvastatin Calcium', days_supply: 90 },
    covered_through: '2026-08-29',
    ran_out_on: '2026-08-30',
    days_without: 152,
    ...overrides,
  }
}

export function makeAdherence(overrides: Partial<PatientAdherence> = {}): PatientAdherence {
  return {
    patient_id: BRIEF_PATIENT_ID,
    served: true,
    year: 2026,
    as_of: '2026-11-27',
    threshold: 0.8,
    measures: [
      makeOutcome({
        measure: 'diabetes',
        label: 'Diabetes medications (non-insulin)',
        status: 'adherent',
        pdc: 0.93,
        ran_out_on: null,
      }),
      makeOutcome({ measure: 'ras', label: 'Hypertension (RAS antagonists)', status: 'no_fills', pdc: null }),
      makeOutcome(),
    ],
    unnamed_fills: 0,
    ...overrides,
  }
}

export function makePlanner(overrides: Partial<VisitPlanner> = {}): VisitPlanner {
  return {
    as_of: '2026-11-27',
    year: 2026,
    horizon_days: 30,
    wellness_due: [
      {
        patient_id: BRIEF_PATIENT_ID,
        patient_name: 'Maria Lopez',
        birth_date: '1948-05-12',
        last_wellness_visit: { date: '2025-03-12', code: 'G0439' },
        wellness_due_on: '2026-03-01',
        adherence_flags: [
          {
            measure: 'statins',
            label: 'Cholesterol (statins)',
            pdc: 0.54,
            last_fill: { date: '2026-06-01', drug_name: 'Atorvastatin Calcium', days_supply: 90 },
            ran_out_on: '2026-08-30',
            days_without: 152,
          },
        ],
      },
      {
        patient_id: '10000000-0000-4000-8000-000000000002',
        patient_name: 'Walter Brooks',
        birth_date: '1950-01-02',
        last_wellness_visit: null,
        wellness_due_on: null,
        adherence_flags: [],
      },
    ],
    ...overrides,
  }
}

export function makeBrief(overrides: Partial<PreVisitBrief> = {}): PreVisitBrief {
  return {
    patient_id: BRIEF_PATIENT_ID,
    patient_name: 'Maria Lopez',
    birth_date: '1948-05-12',
    served: true,
    data_as_of: '2026-11-20T10:00:00.000Z',
    generated_at: '2026-11-27T09:00:00.000Z',
    adherence: makeAdherence(),
    medications: [
      {
        drug_name: 'Atorvastatin Calcium',
        last_fill: '2026-06-01',
        days_supply: 90,
        fills: 2,
        prescriber_name: 'Dr. Ana Ruiz',
        measure: 'statins',
      },
      {
        drug_name: 'Gabapentin',
        last_fill: '2026-11-01',
        days_supply: 30,
        fills: 6,
        prescriber_name: null,
        measure: null,
      },
    ],
    last_visits: [
      {
        date: '2026-10-14',
        claim_type: 'CARRIER',
        provider_name: 'Lakeside Family Medicine',
        codes: ['99214'],
      },
    ],
    last_wellness_visit: { date: '2025-03-12', code: 'G0439' },
    wellness_due_on: '2026-03-01',
    open_gaps: [],
    open_gaps_available: false,
    changes: {
      since: '2026-10-01T08:00:00.000Z',
      new_fills: [{ date: '2026-11-01', drug_name: 'Gabapentin', days_supply: 30 }],
      new_claims: [],
    },
    ...overrides,
  }
}
