import type { ConditionKey } from './codes/icd10.ts'
import { createRng } from './rng.ts'

export type Entitlement = 'aged' | 'disabled' | 'esrd' | 'agedOriginallyDisabled'
export type DualStatus = 'none' | 'full' | 'partial'

// How many claims of each kind to generate over the three-year window.
export type ClaimVolume = {
  readonly carrier: number
  readonly outpatient: number
  readonly inpatient: number
  readonly snf: number
  readonly hha: number
  readonly dme: number
  readonly hospice: number
  // PDE fills; spread over the beneficiary's drugs.
  readonly pde: number
}

export type Persona = {
  readonly number: number
  readonly label: string
  readonly sex: 'male' | 'female'
  readonly ageYears: number
  readonly entitlement: Entitlement
  readonly dual: DualStatus
  readonly medicareAdvantage: boolean
  readonly partD: boolean
  readonly deceasedOn?: string
  readonly conditions: readonly ConditionKey[]
  // Conditions whose drugs are filled at Part D but that no claim ever diagnoses, as in a record where the
  // prescriber's diagnosis never reached Medicare: what a suspect-condition worklist exists to find.
  readonly undiagnosed?: readonly ConditionKey[]
  readonly volume: ClaimVolume
  readonly historicMbis: number
  // Share of lines showing Blue Button's data quirks (no HCPCS code, NPI without a value).
  readonly quirkRate: number
}

const none: ClaimVolume = {
  carrier: 0,
  outpatient: 0,
  inpatient: 0,
  snf: 0,
  hha: 0,
  dme: 0,
  hospice: 0,
  pde: 0,
}
const vol = (v: Partial<ClaimVolume>): ClaimVolume => ({ ...none, ...v })

type Curated = Omit<Persona, 'number' | 'historicMbis' | 'quirkRate'> &
  Partial<Pick<Persona, 'historicMbis' | 'quirkRate'>>

// Hand-picked personas BBUser00000-00019; documented in the README.
const curated: readonly Curated[] = [
  {
    label: 'Aged, diabetes + heart failure + CKD 3 (typical chronic patient)',
    sex: 'female',
    ageYears: 78,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['diabetes', 'heartFailure', 'ckd', 'vascular'],
    volume: vol({ carrier: 70, outpatient: 14, inpatient: 2, snf: 1, hha: 1, dme: 3, pde: 64 }),
  },
  {
    label: 'Aged, healthy, few claims',
    sex: 'male',
    ageYears: 67,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: [],
    volume: vol({ carrier: 9, outpatient: 2, pde: 6 }),
  },
  {
    label: 'Disabled under 65, schizophrenia + substance use + depression',
    sex: 'male',
    ageYears: 48,
    entitlement: 'disabled',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['seriousMentalIllness', 'substanceUse', 'depression'],
    volume: vol({ carrier: 40, outpatient: 8, inpatient: 1, pde: 50 }),
  },
  {
    label: 'Full-benefit dual, aged, COPD + dementia',
    sex: 'female',
    ageYears: 84,
    entitlement: 'aged',
    dual: 'full',
    medicareAdvantage: false,
    partD: true,
    conditions: ['copd', 'dementia'],
    volume: vol({ carrier: 45, outpatient: 6, inpatient: 2, snf: 1, dme: 6, pde: 48 }),
  },
  {
    label: 'ESRD on dialysis, diabetes + heart failure',
    sex: 'male',
    ageYears: 61,
    entitlement: 'esrd',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['esrd', 'diabetes', 'heartFailure'],
    volume: vol({ carrier: 60, outpatient: 36, inpatient: 2, pde: 60 }),
  },
  {
    label: 'Medicare Advantage enrollee, few fee-for-service claims',
    sex: 'female',
    ageYears: 71,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: true,
    partD: true,
    conditions: ['diabetes'],
    volume: vol({ carrier: 3, outpatient: 1 }),
  },
  {
    label: 'Deceased (2025-08-14), lung cancer + COPD, hospice at the end',
    sex: 'male',
    ageYears: 88,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    deceasedOn: '2025-08-14',
    conditions: ['lungCancer', 'copd'],
    volume: vol({ carrier: 30, outpatient: 6, inpatient: 2, hospice: 3, dme: 2, pde: 30 }),
  },
  {
    label: 'No Part D (no PDE events), rheumatoid arthritis',
    sex: 'female',
    ageYears: 69,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: false,
    conditions: ['rheumatoid'],
    volume: vol({ carrier: 25, outpatient: 4 }),
  },
  {
    label: 'Disabled, partial dual (SLMB), HIV + depression',
    sex: 'male',
    ageYears: 55,
    entitlement: 'disabled',
    dual: 'partial',
    medicareAdvantage: false,
    partD: true,
    conditions: ['hiv', 'depression'],
    volume: vol({ carrier: 30, outpatient: 5, pde: 40 }),
  },
  {
    label: 'Aged, breast cancer with bone metastases, inpatient stays',
    sex: 'female',
    ageYears: 73,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['breastCancer'],
    volume: vol({ carrier: 50, outpatient: 20, inpatient: 3, pde: 36 }),
  },
  {
    label: 'Hip fracture: inpatient, then SNF, then home health; atrial fibrillation',
    sex: 'female',
    ageYears: 82,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['frailty', 'afib'],
    volume: vol({ carrier: 35, outpatient: 5, inpatient: 2, snf: 2, hha: 4, dme: 2, pde: 36 }),
  },
  {
    label: 'COPD on home oxygen, morbid obesity (DME claims)',
    sex: 'male',
    ageYears: 76,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['copd', 'morbidObesity'],
    volume: vol({ carrier: 35, outpatient: 5, inpatient: 1, dme: 14, pde: 40 }),
  },
  {
    label: 'Stroke with hemiplegia, atrial fibrillation',
    sex: 'male',
    ageYears: 80,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['stroke', 'afib', 'vascular'],
    volume: vol({ carrier: 40, outpatient: 6, inpatient: 1, snf: 1, hha: 2, pde: 40 }),
  },
  {
    label: 'Three historic MBIs besides the current one, diabetes',
    sex: 'female',
    ageYears: 70,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    historicMbis: 3,
    conditions: ['diabetes'],
    volume: vol({ carrier: 20, outpatient: 3, pde: 24 }),
  },
  {
    label: 'Part D events only (no Part A/B claims)',
    sex: 'male',
    ageYears: 66,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: [],
    volume: vol({ pde: 24 }),
  },
  {
    label: 'New enrollee, no claims at all',
    sex: 'female',
    ageYears: 65,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: [],
    volume: none,
  },
  {
    label: 'Aged but originally disabled, cirrhosis + alcohol dependence',
    sex: 'male',
    ageYears: 68,
    entitlement: 'agedOriginallyDisabled',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['liver', 'substanceUse'],
    volume: vol({ carrier: 30, outpatient: 6, inpatient: 1, pde: 24 }),
  },
  {
    label: "Parkinson's disease + epilepsy",
    sex: 'female',
    ageYears: 75,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['neuro', 'depression'],
    volume: vol({ carrier: 30, outpatient: 4, pde: 36 }),
  },
  {
    label: 'Many HCCs: diabetes, vascular disease, amputation, CKD 4, heart failure',
    sex: 'male',
    ageYears: 74,
    entitlement: 'aged',
    dual: 'full',
    medicareAdvantage: false,
    partD: true,
    conditions: ['diabetes', 'vascular', 'amputation', 'ckd', 'heartFailure', 'frailty'],
    volume: vol({ carrier: 60, outpatient: 10, inpatient: 3, snf: 1, hha: 2, dme: 4, pde: 60 }),
  },
  {
    label: 'Data quirks: many lines without a HCPCS code, NPIs without a value',
    sex: 'female',
    ageYears: 79,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    quirkRate: 0.35,
    conditions: ['otherCancer', 'depression'],
    volume: vol({ carrier: 30, outpatient: 8, pde: 20 }),
  },
]

// Hand-picked personas added after the generated range (BBUser00100 on), so that no earlier user's data
// changes; documented in the README.
const added: readonly Curated[] = [
  {
    label:
      'Suspects: drugs for diabetes, AF, dementia, COPD filled, none diagnosed; heart failure + depression',
    sex: 'female',
    ageYears: 79,
    entitlement: 'aged',
    dual: 'none',
    medicareAdvantage: false,
    partD: true,
    conditions: ['heartFailure', 'depression'],
    undiagnosed: ['diabetes', 'afib', 'dementia', 'copd'],
    volume: vol({ carrier: 30, outpatient: 6, pde: 60 }),
  },
]

export const CURATED_COUNT = curated.length
export const GENERIC_LAST = 99
export const ADDED_FIRST = 100
/** The beneficiary whose Part D fills imply conditions none of their claims diagnose. */
export const SUSPECT_CONDITIONS_USER = ADDED_FIRST
export const BENCHMARK_USER = 10000

const benchmark: Persona = {
  number: BENCHMARK_USER,
  label: 'Benchmark: 1,518 EOBs (about 1,000 A/B claims and 500 PDE events)',
  sex: 'female',
  ageYears: 81,
  entitlement: 'aged',
  dual: 'full',
  medicareAdvantage: false,
  partD: true,
  conditions: ['diabetes', 'heartFailure', 'ckd', 'copd', 'afib', 'depression'],
  volume: { carrier: 800, outpatient: 150, inpatient: 12, snf: 6, hha: 10, dme: 40, hospice: 0, pde: 500 },
  historicMbis: 1,
  quirkRate: 0.03,
}

const conditionPool: readonly ConditionKey[] = [
  'diabetes',
  'heartFailure',
  'ckd',
  'copd',
  'afib',
  'vascular',
  'depression',
  'dementia',
  'rheumatoid',
  'morbidObesity',
  'stroke',
  'otherCancer',
  'seriousMentalIllness',
  'liver',
]

// BBUser00020-00099: a mix drawn from the seed, so the set stays varied but reproducible.
function genericPersona(number: number, seed: string): Persona {
  const rng = createRng(`${seed}:persona:${number}`)
  const disabled = rng.chance(0.15)
  const conditions = [...new Set(Array.from({ length: rng.int(0, 4) }, () => rng.pick(conditionPool)))]
  const busy = 1 + conditions.length
  const medicareAdvantage = rng.chance(0.08)
  const partD = medicareAdvantage || !rng.chance(0.06)
  const scale = medicareAdvantage ? 0.1 : 1
  return {
    number,
    label: 'Generated mix',
    sex: rng.chance(0.55) ? 'female' : 'male',
    ageYears: disabled ? rng.int(30, 64) : rng.int(65, 96),
    entitlement: disabled ? 'disabled' : 'aged',
    dual: rng.chance(0.12) ? 'full' : rng.chance(0.05) ? 'partial' : 'none',
    medicareAdvantage,
    partD,
    ...(rng.chance(0.03) ? { deceasedOn: `2025-0${rng.int(1, 9)}-1${rng.int(0, 9)}` } : {}),
    conditions,
    volume: vol({
      carrier: Math.round(rng.int(5, 15) * busy * scale),
      outpatient: Math.round(rng.int(1, 4) * busy * scale),
      inpatient: conditions.length >= 3 ? rng.int(0, 2) : 0,
      dme: conditions.includes('copd') ? rng.int(1, 6) : 0,
      pde: partD ? rng.int(6, 20) * busy : 0,
    }),
    historicMbis: rng.chance(0.2) ? 1 : 0,
    quirkRate: 0.03,
  }
}

// Undefined means the user name has no Medicare record (Blue Button's 404 page after login).
export function personaFor(number: number, seed: string): Persona | undefined {
  if (number === BENCHMARK_USER) return benchmark
  if (number >= CURATED_COUNT && number <= GENERIC_LAST) return genericPersona(number, seed)
  const entry = number < CURATED_COUNT ? curated[number] : added[number - ADDED_FIRST]
  return entry === undefined ? undefined : { historicMbis: 0, quirkRate: 0.03, ...entry, number }
}

export function listPersonas(seed: string): Persona[] {
  const numbers = [
    ...Array.from({ length: GENERIC_LAST + 1 }, (_, i) => i),
    ...added.map((_, i) => ADDED_FIRST + i),
    BENCHMARK_USER,
  ]
  return numbers.map((n) => personaFor(n, seed)).filter((p): p is Persona => p !== undefined)
}
