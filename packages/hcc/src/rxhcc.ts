// CMS RxHCC model V08, segment X, payment year 2026: the Part D risk score for every non-PACE Part D
// enrollee. Continuing enrollees: an age/sex cell, the originally-disabled terms (OREC 1 at 65+),
// the RxHCCs left after the hierarchy and the NONAGED_RXHCC interactions (under 65); new enrollees:
// one age/sex cell split by ESRD and originally-disabled status (their RxHCCs carry factor 0). The
// segment comes from long-term institutional status, new-enrollee status, the low-income subsidy and
// age. Raw scores are exact integer thousandths; Part D has no MA coding adjustment.
import { dualStatus, normalizeDual } from './demographics.ts'
import {
  collectCategories,
  compileOther,
  explainCategories,
  mustVar,
  newTrace,
  paymentCategories,
  releaseOther,
  type CategoryExplanation,
  type CompiledOther,
  type DroppedCategory,
} from './other-engine.ts'
import { normalize } from './payment.ts'
import { RXHCC_V08_DATA } from './tables/rxhcc-v08.ts'
import type { ScoreTerm, Sex } from './types.ts'

export type RxSegment =
  | 'CE_NONLOW_AGED'
  | 'CE_NONLOW_NONAGED'
  | 'CE_LOW_AGED'
  | 'CE_LOW_NONAGED'
  | 'CE_LTI'
  | 'NE_NONLOW_COMMUNITY'
  | 'NE_LOW_COMMUNITY'
  | 'NE_LTI'

export type PartDPlan = 'MA-PD' | 'PDP'

/** PY2026 RxHCC (segment X) normalisation per plan type, thousandths, as coded in risk_adjustment_model 0.7.0. */
export const RX_NORMALIZATION: Readonly<Record<PartDPlan, number>> = { 'MA-PD': 1194, PDP: 887 }

export interface RxHccInput {
  sex: Sex
  /** Age in whole years on 1 February of the payment year. */
  age: number
  /** Original reason for entitlement: '0' age, '1' disability, '2' ESRD, '3' disability + ESRD. */
  orec: string
  /** Low-income subsidy. When not given, every Medicaid dual (full or partial) counts as low income. */
  lis?: boolean | null
  /** Medicaid dual status code; used only to default `lis`. */
  dual?: string | null
  /** Long-term institutional. */
  lti: boolean
  /** New enrollee (no full year of Part D history). */
  newEnrollee: boolean
  /** ESRD status (dialysis, transplant or functioning graft); changes new enrollees' cells. */
  esrd: boolean
}

const AGED_BANDS = [
  '0_34',
  '35_44',
  '45_54',
  '55_59',
  '60_64',
  '65_69',
  '70_74',
  '75_79',
  '80_84',
  '85_89',
  '90_94',
]
const UPPER = [35, 45, 55, 60, 65, 70, 75, 80, 85, 90, 95]

function band(age: number, singleYears: boolean): string {
  if (singleYears && age >= 65 && age <= 69) return String(age)
  for (let i = 0; i < UPPER.length; i++) if (age < (UPPER[i] as number)) return AGED_BANDS[i] as string
  return '95_GT'
}

/** Ages 0..95 -> the cell's band name (95 stands for 95 and over). */
const clampAge = (age: number): number => (age < 0 ? 0 : age > 95 ? 95 : age)

const NONAGED_RXHCCS = [1, 130, 131, 132, 133, 159, 163]

interface CompiledRx {
  m: CompiledOther
  /** [sex][age] -> continuing-enrollee cell. */
  ceCell: Int16Array[]
  /** [esrd*2 + origdis][sex][age] -> new-enrollee cell (-1 where CMS has none: ORIGDIS under 65). */
  neCell: Int16Array[][]
  /** [sex] -> F65OD / M65OD; OD65. */
  odSex: [number, number]
  od65: number
  /** NONAGED_RXHCC<n> variable by category, or -1. */
  nonaged: Int16Array
}

let compiled: CompiledRx | null = null

function getRx(): CompiledRx {
  if (compiled) return compiled
  const m = compileOther(RXHCC_V08_DATA, 'RXHCC', [])
  const sexes = ['F', 'M'] as const
  const nonaged = new Int16Array(1024).fill(-1)
  for (const n of NONAGED_RXHCCS) nonaged[n] = mustVar(m, `NONAGED_RXHCC${n}`)
  const neCell = ['NESRD_NORIGDIS', 'NESRD_ORIGDIS', 'ESRD_NORIGDIS', 'ESRD_ORIGDIS'].map((prefix) =>
    sexes.map((sex) =>
      Int16Array.from({ length: 96 }, (_, age) =>
        prefix.endsWith('_ORIGDIS') && age < 65 ? -1 : mustVar(m, `${prefix}_X_${sex}${band(age, true)}`),
      ),
    ),
  )
  compiled = {
    m,
    ceCell: sexes.map((sex) =>
      Int16Array.from({ length: 96 }, (_, age) => mustVar(m, `${sex}${band(age, false)}`)),
    ),
    neCell,
    odSex: [mustVar(m, 'F65OD'), mustVar(m, 'M65OD')],
    od65: mustVar(m, 'OD65'),
    nonaged,
  }
  return compiled
}

/** True when the beneficiary counts as low income: the subsidy flag, or any Medicaid dual when it is not given. */
export function rxLowIncome(input: Pick<RxHccInput, 'lis' | 'dual'>): boolean {
  if (typeof input.lis === 'boolean') return input.lis
  return dualStatus(normalizeDual(input.dual)) !== 'none'
}

/** The RxHCC segment: institutional first (new or continuing), then new enrollee, then community by LIS and age. */
export function rxSegment(input: RxHccInput): RxSegment {
  const low = rxLowIncome(input)
  if (input.lti) return input.newEnrollee ? 'NE_LTI' : 'CE_LTI'
  if (input.newEnrollee) return low ? 'NE_LOW_COMMUNITY' : 'NE_NONLOW_COMMUNITY'
  if (input.age >= 65) return low ? 'CE_LOW_AGED' : 'CE_NONLOW_AGED'
  return low ? 'CE_LOW_NONAGED' : 'CE_NONLOW_NONAGED'
}

/** CMS: originally disabled = OREC 1 and not disabled now, i.e. OREC 1 at 65 or over. */
function originallyDisabled(input: RxHccInput): boolean {
  return input.orec === '1' && input.age >= 65
}

/** New enrollees aged 64 with OREC 0 turn 65 in the payment year: CMS uses the 65 cell. */
function neCellAge(input: RxHccInput): number {
  return input.age === 64 && input.orec === '0' ? 65 : input.age
}

export interface RxCompactScore {
  segment: RxSegment
  rawThousandths: number
  /** RxHCC numbers after the hierarchy, ascending. */
  rxhccs: number[]
}

const termBuf = new Int16Array(16)
let termCount = 0

/** Raw score in thousandths; the fired non-category variables are left in termBuf[0..termCount). */
function scoreRx(c: CompiledRx, input: RxHccInput, segment: RxSegment, w: Int32Array, count: number): number {
  termCount = 0
  const sex = input.sex === 'F' ? 0 : 1
  const origdis = originallyDisabled(input)
  let raw = 0
  if (segment.startsWith('NE_')) {
    const cells = c.neCell[(input.esrd ? 2 : 0) + (origdis ? 1 : 0)]?.[sex] as Int16Array
    termBuf[termCount++] = cells[clampAge(neCellAge(input))] as number
  } else {
    termBuf[termCount++] = (c.ceCell[sex] as Int16Array)[clampAge(input.age)] as number
    if (origdis) {
      termBuf[termCount++] = c.odSex[sex]
      termBuf[termCount++] = c.od65
    }
  }
  const cats = paymentCategories()
  const nonaged = input.age < 65
  for (let i = 0; i < count; i++) {
    const cat = cats[i] as number
    raw += w[c.m.catVar[cat] as number] as number
    const v = c.nonaged[cat] as number
    if (nonaged && v >= 0) termBuf[termCount++] = v
  }
  for (let i = 0; i < termCount; i++) raw += w[termBuf[i] as number] as number
  return raw
}

/** Segment, raw score and RxHCCs: the bulk path (no explanation). */
export function scoreRxHccCompact(input: RxHccInput, diagnoses: readonly unknown[]): RxCompactScore {
  const c = getRx()
  const segment = rxSegment(input)
  const w = c.m.weights[c.m.segmentIndex.get(segment) as number] as Int32Array
  try {
    const count = collectCategories(c.m, diagnoses, null, null)
    const raw = scoreRx(c, input, segment, w, count)
    const cats = paymentCategories()
    const rxhccs = new Array<number>(count)
    for (let i = 0; i < count; i++) rxhccs[i] = cats[i] as number
    return { segment, rawThousandths: raw, rxhccs }
  } finally {
    releaseOther()
  }
}

export interface RxNormalized {
  plan: PartDPlan
  normalizationFactor: number
  /** round3(raw / factor). */
  normalizedScore: number
}

/** The Part D score for one beneficiary with every factor explained (JSON-serialisable). */
export interface RxHccScore {
  model: 'RxHCC-V08'
  paymentYear: 2026
  segment: RxSegment
  segmentLabel: string
  age: number
  sex: Sex
  lowIncome: boolean
  originallyDisabled: boolean
  esrd: boolean
  /** Sum of the terms' coefficients, exact to 3 decimals. */
  rawScore: number
  /** RxHCCs after the hierarchy, ascending (factor 0 for new enrollees). */
  rxhccs: CategoryExplanation[]
  droppedByHierarchy: DroppedCategory[]
  /** Every variable that fired, with its factor in the segment (zero factors included). */
  terms: ScoreTerm[]
  normalized: RxNormalized[]
  unmappedDiagnoses: string[]
  mappingTable: string
}

const SEGMENT_LABELS: Record<RxSegment, string> = {
  CE_NONLOW_AGED: 'Continuing enrollee, community, not low income, aged',
  CE_NONLOW_NONAGED: 'Continuing enrollee, community, not low income, under 65',
  CE_LOW_AGED: 'Continuing enrollee, community, low income, aged',
  CE_LOW_NONAGED: 'Continuing enrollee, community, low income, under 65',
  CE_LTI: 'Continuing enrollee, long-term institutional',
  NE_NONLOW_COMMUNITY: 'New enrollee, community, not low income',
  NE_LOW_COMMUNITY: 'New enrollee, community, low income',
  NE_LTI: 'New enrollee, long-term institutional',
}

export function rxSegmentLabel(segment: RxSegment): string {
  return SEGMENT_LABELS[segment]
}

/** Scores one beneficiary with the full explanation. */
export function scoreRxHcc(input: RxHccInput, diagnoses: readonly unknown[]): RxHccScore {
  const c = getRx()
  const m = c.m
  const segment = rxSegment(input)
  const w = m.weights[m.segmentIndex.get(segment) as number] as Int32Array
  const trace = newTrace()
  try {
    const count = collectCategories(m, diagnoses, null, trace)
    const raw = scoreRx(c, input, segment, w, count)
    const { kept, dropped } = explainCategories(m, w, count, trace)
    const term = (v: number): ScoreTerm => ({
      variable: m.varNames[v] as string,
      label: m.varLabels[v] as string,
      kind: m.varKinds[v] as ScoreTerm['kind'],
      coefficient: (w[v] as number) / 1000,
    })
    const others = [...termBuf.subarray(0, termCount)]
    const cats = kept.map((k) => term(m.catVar[k.number] as number))
    return {
      model: 'RxHCC-V08',
      paymentYear: 2026,
      segment,
      segmentLabel: rxSegmentLabel(segment),
      age: input.age,
      sex: input.sex,
      lowIncome: rxLowIncome(input),
      originallyDisabled: originallyDisabled(input),
      esrd: input.esrd,
      rawScore: raw / 1000,
      rxhccs: kept,
      droppedByHierarchy: dropped,
      terms: [...others.map(term), ...cats],
      normalized: (['MA-PD', 'PDP'] as const).map((plan) => ({
        plan,
        normalizationFactor: RX_NORMALIZATION[plan] / 1000,
        normalizedScore: normalize(raw, RX_NORMALIZATION[plan]) / 1000,
      })),
      unmappedDiagnoses: trace.unmapped,
      mappingTable: `RxHCC V08 X PY2026 ICD-10-CM FY2025+FY2026 (${RXHCC_V08_DATA.codes} codes; ${RXHCC_V08_DATA.mappingSource})`,
    }
  } finally {
    releaseOther()
  }
}

/** Every ICD-10-CM code the RxHCC model maps (for pickers and test data). */
export function rxMappedCodes(): string[] {
  return RXHCC_V08_DATA.mapping.split('\n').flatMap((line) => line.split(' ').slice(1))
}

/** The compiled model, for table-integrity tests. */
export function rxModel(): CompiledOther {
  return getRx().m
}
