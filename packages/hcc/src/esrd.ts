// CMS ESRD model V24, payment year 2026, for beneficiaries with end-stage renal disease: dialysis,
// the three kidney-transplant months (flat scores) and functioning graft from the fourth month, with
// a graft-duration factor (4-9 months, 10 months and over) by age and dual status, institutional
// graft factors, and new-enrollee cells. Raw scores are integer thousandths; the new-enrollee graft
// score is divided by CMS's actuarial adjustment (0.905 or 0.698) and rounded half up to 3 decimals.
import { dualStatus, normalizeDual, type DualStatus } from './demographics.ts'
import {
  CAT_LIMIT,
  collectCategories,
  compileOther,
  explainCategories,
  mustScore,
  mustVar,
  newTrace,
  paymentCategories,
  releaseOther,
  type CategoryExplanation,
  type CompiledOther,
  type DroppedCategory,
  type EditRule,
  type OtherTrace,
} from './other-engine.ts'
import { encodeCode } from './code-table.ts'
import { divRoundHalfUp, normalize } from './payment.ts'
import { ESRD_V24_DATA } from './tables/esrd-v24.ts'
import type { ScoreTerm, Sex } from './types.ts'

export type EsrdSegment = string

export interface EsrdInput {
  sex: Sex
  /** Age in whole years on 1 February of the payment year. */
  age: number
  /** Original reason for entitlement: '0' age, '1' disability, '2' ESRD, '3' disability + ESRD. */
  orec: string
  /** Medicaid dual status code: full-benefit 02/04/08, partial 01/03/05/06. */
  dual: string
  /** Long-term institutional. */
  lti: boolean
  newEnrollee: boolean
  /** Months since a kidney transplant (the transplant month is month 1); null on dialysis. */
  graftMonths: number | null
}

/** PY2026 ESRD normalisation (thousandths) per CMS's two series, as coded in risk_adjustment_model 0.7.0. */
export const ESRD_NORMALIZATION = { dialysis: 1062, graft: 1104 } as const
const MA_CODING_ADJUSTMENT = 59

type Status = 'dialysis' | 'transplant' | 'graft'

function statusOf(graftMonths: number | null): Status {
  if (graftMonths === null) return 'dialysis'
  return graftMonths <= 3 ? 'transplant' : 'graft'
}

const dualKey = (d: DualStatus): string => (d === 'full' ? 'FBD' : 'ND_PBD')

/** Dual status without allocating for the codes as CMS writes them ('02', 'NA'); others are normalised first. */
function dualOf(code: string): DualStatus {
  if (code === 'NA' || code === '00') return 'none'
  if (code === '02' || code === '04' || code === '08') return 'full'
  if (code === '01' || code === '03' || code === '05' || code === '06') return 'partial'
  return dualStatus(normalizeDual(code))
}

/** The ESRD segment (coefficient column, or TRANSPLANT_<n>M) from status, enrolment and dual status. */
// Constant strings (no template literals on the hot path), indexed [full-benefit dual][flag].
const NE_DIAL = [
  ['NE_DIAL_ND_PBD_NORIGDIS', 'NE_DIAL_ND_PBD_ORIGDIS'],
  ['NE_DIAL_FBD_NORIGDIS', 'NE_DIAL_FBD_ORIGDIS'],
] as const
const NE_GRAFT = [
  ['NE_GRAFT_ND_PBD_NORIGDIS', 'NE_GRAFT_ND_PBD_ORIGDIS'],
  ['NE_GRAFT_FBD_NORIGDIS', 'NE_GRAFT_FBD_ORIGDIS'],
] as const
const GRAFT_COMM = [
  ['GRAFT_COMM_ND_PBD_LT65', 'GRAFT_COMM_ND_PBD_GE65'],
  ['GRAFT_COMM_FBD_LT65', 'GRAFT_COMM_FBD_GE65'],
] as const
const TRANSPLANT = ['TRANSPLANT_1M', 'TRANSPLANT_1M', 'TRANSPLANT_2M', 'TRANSPLANT_3M'] as const

/** The ESRD segment (coefficient column, or TRANSPLANT_<n>M) from status, enrolment and dual status. */
export function esrdSegment(input: EsrdInput): EsrdSegment {
  const full = dualOf(input.dual) === 'full' ? 1 : 0
  const months = input.graftMonths
  if (months === null) {
    if (!input.newEnrollee) return 'DIAL'
    // New-enrollee dialysis "originally disabled" is OREC 1 at any age.
    return NE_DIAL[full][input.orec === '1' ? 1 : 0]
  }
  if (months <= 3) return TRANSPLANT[months < 0 ? 0 : months] as string
  if (input.newEnrollee) return NE_GRAFT[full][input.orec === '1' && input.age >= 65 ? 1 : 0]
  if (input.lti) return 'GRAFT_INST'
  return GRAFT_COMM[full][input.age >= 65 ? 1 : 0]
}

function durationKey(months: number): string {
  return months <= 9 ? 'DUR4_9' : 'DUR10PL'
}

const UPPER = [35, 45, 55, 60, 65, 70, 75, 80, 85, 90, 95]
const BANDS = [
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

function ceBand(age: number): string {
  for (let i = 0; i < UPPER.length; i++) if (age < (UPPER[i] as number)) return BANDS[i] as string
  return '95_GT'
}

function neDialBand(age: number, orec: string): string {
  if (age === 64 && orec === '0') return '65_69'
  return age >= 85 ? '85_GT' : ceBand(age)
}

function neGraftBand(age: number, orec: string): string {
  if (age === 64 && orec === '0') return '65'
  return age >= 65 && age <= 69 ? String(age) : ceBand(age)
}

// Interaction groups after the hierarchy (CMS ESRD V24 software); each group is a bit.
const GROUPS: Record<string, readonly number[]> = {
  CANCER: [8, 9, 10, 11, 12],
  DIABETES: [17, 18, 19],
  CARD_RESP_FAIL: [82, 83, 84],
  CHF: [85],
  COPD_CF: [110, 111, 112],
  SEPSIS: [2],
  SUB_USE: [54, 55, 56],
  PSYCH: [57, 58, 59, 60],
  PRESSURE_ULCER: [157, 158, 159],
  HCC6: [6],
  HCC34: [34],
  HCC39: [39],
  HCC46: [46],
  HCC47: [47],
  HCC57: [57],
  HCC77: [77],
  HCC79: [79],
  HCC96: [96],
  HCC110: [110],
  HCC114: [114],
  HCC161: [161],
  HCC176: [176],
  HCC188: [188],
}
const NONAGED = 'NONAGED'
const INTERACTIONS: Record<string, readonly string[]> = {
  HCC47_gCancer: ['HCC47', 'CANCER'],
  DIABETES_CHF: ['DIABETES', 'CHF'],
  CHF_gCopdCF: ['CHF', 'COPD_CF'],
  gCopdCF_CARD_RESP_FAIL: ['COPD_CF', 'CARD_RESP_FAIL'],
  HCC85_HCC96: ['CHF', 'HCC96'],
  gSubUseDs_gPsych_V24: ['SUB_USE', 'PSYCH'],
  SEPSIS_PRESSURE_ULCER_V24: ['SEPSIS', 'PRESSURE_ULCER'],
  SEPSIS_ARTIF_OPENINGS: ['SEPSIS', 'HCC188'],
  ART_OPENINGS_PRESSURE_ULCER_V24: ['HCC188', 'PRESSURE_ULCER'],
  gCopdCF_ASP_SPEC_B_PNEUM: ['COPD_CF', 'HCC114'],
  ASP_SPEC_B_PNEUM_PRES_ULC_V24: ['HCC114', 'PRESSURE_ULCER'],
  SEPSIS_ASP_SPEC_BACT_PNEUM: ['SEPSIS', 'HCC114'],
  SCHIZOPHRENIA_gCopdCF: ['HCC57', 'COPD_CF'],
  SCHIZOPHRENIA_CHF: ['HCC57', 'CHF'],
  SCHIZOPHRENIA_SEIZURES: ['HCC57', 'HCC79'],
  NONAGED_gSubUseDs_gPsych: [NONAGED, 'SUB_USE', 'PSYCH'],
  NONAGED_HCC6: [NONAGED, 'HCC6'],
  NONAGED_HCC34: [NONAGED, 'HCC34'],
  NONAGED_HCC46: [NONAGED, 'HCC46'],
  NONAGED_HCC110: [NONAGED, 'HCC110'],
  NONAGED_HCC176: [NONAGED, 'HCC176'],
  NONAGED_HCC85: [NONAGED, 'CHF'],
  NONAGED_PRESSURE_ULCER_V24: [NONAGED, 'PRESSURE_ULCER'],
  NONAGED_HCC161: [NONAGED, 'HCC161'],
  NONAGED_HCC39: [NONAGED, 'HCC39'],
  NONAGED_HCC77: [NONAGED, 'HCC77'],
}
const NONAGED_BIT = 1 << 30

// Age/sex edits of CMS's ESRD V24 software, applied per code before the hierarchy.
const COPD_CODES = [
  'J410',
  'J411',
  'J418',
  'J42',
  'J430',
  'J431',
  'J432',
  'J438',
  'J439',
  'J440',
  'J441',
  'J4481',
  'J4489',
  'J449',
  'J982',
  'J983',
]
const EDIT_CODES = ['D66', 'D67', 'F3481', ...COPD_CODES]

/** A term outside the coefficient table (graft duration), in thousandths. */
interface ExtraTerm {
  readonly key: string
  readonly value: number
}

/** What scoring reads of a segment, looked up once per call instead of parsed from its name. */
interface SegmentInfo {
  /** Coefficient column; empty for the transplant months, which have none. */
  w: Int32Array
  /** Transplant months: the flat score that stands for everything else. */
  transplant: ExtraTerm | null
  newEnrollee: boolean
  /** New enrollee with a functioning graft (NE_GRAFT_*). */
  newGraft: boolean
  /** Continuing enrollee with a functioning graft (GRAFT_COMM_*, GRAFT_INST). */
  graft: boolean
  institutional: boolean
}

interface CompiledEsrd {
  m: CompiledOther
  segments: ReadonlyMap<string, SegmentInfo>
  /** Graft-duration score by [institutional][aged][10+ months][full-benefit dual], flattened. */
  graftDuration: readonly ExtraTerm[]
  /** Partial-dual graft flag by [institutional][aged]. */
  partialDualFlag: readonly ExtraTerm[]
  /** Institutional graft, long-term institutional, by [aged]. */
  ltiGraft: readonly ExtraTerm[]
  ceCell: Int16Array[]
  neDialCell: Int16Array[][]
  neGraftCell: Int16Array[][]
  groupBits: Int32Array
  /** Interaction i fires when the groups hold every bit of interactionNeed[i]. */
  interactionVar: Int16Array
  interactionNeed: Int32Array
  /** Demographic interaction variables: [sex], [aged], [sex * 2 + aged]. */
  origDis: Int16Array
  origEsrd: Int16Array
  ltiVar: Int16Array
  fbDual: Int16Array
  pbDual: Int16Array
  edit: EditRule
}

let compiled: CompiledEsrd | null = null

function getEsrd(): CompiledEsrd {
  if (compiled) return compiled
  const m = compileOther(ESRD_V24_DATA, 'HCC', EDIT_CODES)
  const names = Object.keys(GROUPS)
  const groupBits = new Int32Array(CAT_LIMIT)
  names.forEach((g, i) => {
    for (const cc of GROUPS[g] ?? []) groupBits[cc] = (groupBits[cc] as number) | (1 << i)
  })
  const bit = (g: string): number => (g === NONAGED ? NONAGED_BIT : 1 << names.indexOf(g))
  const sexes = ['F', 'M'] as const
  const orecs = ['0', '1'] as const
  const vars = (names: string[]): Int16Array => Int16Array.from(names, (n) => mustVar(m, n))
  const bySexAged = (prefix: string): Int16Array =>
    vars(['Female_NonAged', 'Female_Aged', 'Male_NonAged', 'Male_Aged'].map((x) => `${prefix}_${x}`))
  const extra = (key: string): ExtraTerm => ({ key, value: mustScore(m, key) })
  const interactions = Object.entries(INTERACTIONS)
  compiled = {
    m,
    segments: compileSegments(m),
    graftDuration: [0, 1].flatMap((inst) =>
      ['LT65', 'GE65'].flatMap((age) =>
        [4, 10].flatMap((months) =>
          ['partial', 'full'].map((dual) =>
            extra(`${inst ? 'FGI_' : ''}${age}_${durationKey(months)}_${dualKey(dual as DualStatus)}`),
          ),
        ),
      ),
    ),
    partialDualFlag: ['', 'FGI_'].flatMap((prefix) =>
      ['LT65', 'GE65'].map((age) => extra(`${prefix}PBD_${age}_flag`)),
    ),
    ltiGraft: ['LT65', 'GE65'].map((age) => extra(`LTI_${age}`)),
    ceCell: sexes.map((sex) =>
      Int16Array.from({ length: 96 }, (_, age) => mustVar(m, `${sex}${ceBand(age)}`)),
    ),
    // [orec is '0'][sex][age]: only age 64 differs by OREC.
    neDialCell: orecs.map((orec) =>
      sexes.map((sex) =>
        Int16Array.from({ length: 96 }, (_, age) => mustVar(m, `NE${sex}${neDialBand(age, orec)}`)),
      ),
    ),
    neGraftCell: orecs.map((orec) =>
      sexes.map((sex) =>
        Int16Array.from({ length: 96 }, (_, age) => mustVar(m, `NE${sex}${neGraftBand(age, orec)}`)),
      ),
    ),
    groupBits,
    interactionVar: Int16Array.from(interactions, ([variable]) => mustVar(m, variable)),
    interactionNeed: Int32Array.from(interactions, ([, groups]) =>
      groups.reduce((acc, g) => acc | bit(g), 0),
    ),
    origDis: vars(['OriginallyDisabled_Female', 'OriginallyDisabled_Male']),
    origEsrd: vars(['Originally_ESRD_Female', 'Originally_ESRD_Male']),
    ltiVar: vars(['LTI_NonAged', 'LTI_Aged']),
    fbDual: bySexAged('FBDual'),
    pbDual: bySexAged('PBDual'),
    edit: makeEditRule(
      new Set(['D66', 'D67'].map(encodeCode)),
      new Set(COPD_CODES.map(encodeCode)),
      encodeCode('F3481'),
    ),
  }
  return compiled
}

const SEGMENT_NAMES = ['DIAL', 'GRAFT_INST', ...TRANSPLANT, ...[NE_DIAL, NE_GRAFT, GRAFT_COMM].flat(2)]

function compileSegments(m: CompiledOther): Map<string, SegmentInfo> {
  const none = new Int32Array(m.varNames.length)
  return new Map(
    SEGMENT_NAMES.map((name) => {
      const transplant = name.startsWith('TRANSPLANT_')
      const key = `TRANSPLANT_KIDNEY_ONLY_${name.slice('TRANSPLANT_'.length)}`
      const info: SegmentInfo = {
        w: transplant ? none : (m.weights[m.segmentIndex.get(name) as number] as Int32Array),
        transplant: transplant ? { key, value: mustScore(m, key) } : null,
        newEnrollee: name.startsWith('NE_'),
        newGraft: name.startsWith('NE_GRAFT'),
        graft: name.startsWith('GRAFT_'),
        institutional: name === 'GRAFT_INST',
      }
      return [name, info]
    }),
  )
}

// The beneficiary the edit rule reads (scoring is synchronous; set just before the codes are mapped).
let editSex: Sex = 'F'
let editAge = 0

function makeEditRule(
  hemophilia: ReadonlySet<number>,
  copd: ReadonlySet<number>,
  dysthymia: number,
): EditRule {
  return (key, packed) => {
    if (hemophilia.has(key)) return editSex === 'F' ? 48 : packed
    if (copd.has(key)) return editAge < 18 ? 112 : packed
    if (key === dysthymia) return editAge >= 6 && editAge <= 18 ? 59 : 0
    return packed
  }
}

const clampAge = (age: number): number => (age < 0 ? 0 : age > 95 ? 95 : age)

interface CoreResult {
  raw: number
  count: number
  vars: number[]
  extras: ExtraTerm[]
  actuarial: number | null
}

// Index into CompiledEsrd.graftDuration.
const durationIndex = (inst: boolean, aged: boolean, months: number, full: boolean): number =>
  (inst ? 8 : 0) + (aged ? 4 : 0) + (months <= 9 ? 0 : 2) + (full ? 1 : 0)

function scoreCore(
  c: CompiledEsrd,
  input: EsrdInput,
  segment: string,
  diagnoses: readonly unknown[],
  trace: OtherTrace | null,
): CoreResult {
  const m = c.m
  const months = input.graftMonths
  const seg = c.segments.get(segment) as SegmentInfo
  if (seg.transplant !== null)
    return { raw: seg.transplant.value, count: 0, vars: [], extras: [seg.transplant], actuarial: null }
  const w = seg.w
  const sex = input.sex === 'F' ? 0 : 1
  const age = clampAge(input.age)
  const dual = dualOf(input.dual)
  if (seg.newEnrollee) {
    const cell = (
      (seg.newGraft ? c.neGraftCell : c.neDialCell)[input.orec === '0' ? 0 : 1]?.[sex] as Int16Array
    )[age] as number
    if (!seg.newGraft || months === null)
      return { raw: w[cell] as number, count: 0, vars: [cell], extras: [], actuarial: null }
    const neAged = input.age >= 65 || (input.age === 64 && input.orec === '0')
    const bonus = c.graftDuration[durationIndex(false, neAged, months, dual === 'full')] as ExtraTerm
    const actuarial = months <= 9 ? 905 : 698
    const raw = divRoundHalfUp(((w[cell] as number) + bonus.value) * 1000, actuarial)
    return { raw, count: 0, vars: [cell], extras: [bonus], actuarial }
  }
  const aged = input.age >= 65
  const a = aged ? 1 : 0
  const vars: number[] = [(c.ceCell[sex] as Int16Array)[age] as number]
  if (input.orec === '1' && aged) vars.push(c.origDis[sex] as number)
  if ((input.orec === '2' || input.orec === '3') && aged) vars.push(c.origEsrd[sex] as number)
  if (input.lti) vars.push(c.ltiVar[a] as number)
  if (dual === 'full') vars.push(c.fbDual[sex * 2 + a] as number)
  if (dual === 'partial') vars.push(c.pbDual[sex * 2 + a] as number)
  editSex = input.sex
  editAge = input.age
  const count = collectCategories(m, diagnoses, c.edit, trace)
  const cats = paymentCategories()
  let groups = aged ? 0 : NONAGED_BIT
  let raw = 0
  for (let i = 0; i < count; i++) {
    const cat = cats[i] as number
    raw += w[m.catVar[cat] as number] as number
    groups |= c.groupBits[cat] as number
  }
  const need = c.interactionNeed
  for (let i = 0; i < need.length; i++)
    if ((groups & (need[i] as number)) === need[i]) vars.push(c.interactionVar[i] as number)
  for (let i = 0; i < vars.length; i++) raw += w[vars[i] as number] as number
  const extras: ExtraTerm[] = []
  if (months !== null && seg.graft) {
    const inst = seg.institutional
    extras.push(c.graftDuration[durationIndex(inst, aged, months, dual === 'full')] as ExtraTerm)
    if (dual === 'partial') extras.push(c.partialDualFlag[(inst ? 2 : 0) + a] as ExtraTerm)
    if (inst && input.lti) extras.push(c.ltiGraft[a] as ExtraTerm)
    for (let i = 0; i < extras.length; i++) raw += (extras[i] as ExtraTerm).value
  }
  return { raw, count, vars, extras, actuarial: null }
}

export interface EsrdCompactScore {
  segment: EsrdSegment
  rawThousandths: number
  /** Payment HCCs after the hierarchy, ascending (none for new enrollees and transplant months). */
  hccs: number[]
}

/** Segment, raw score and payment HCCs: the bulk path (no explanation). */
export function scoreEsrdCompact(input: EsrdInput, diagnoses: readonly unknown[]): EsrdCompactScore {
  const c = getEsrd()
  const segment = esrdSegment(input)
  try {
    const core = scoreCore(c, input, segment, diagnoses, null)
    const cats = paymentCategories()
    const hccs = new Array<number>(core.count)
    for (let i = 0; i < core.count; i++) hccs[i] = cats[i] as number
    return { segment, rawThousandths: core.raw, hccs }
  } finally {
    releaseOther()
  }
}

export interface EsrdScore {
  model: 'ESRD-V24'
  paymentYear: 2026
  segment: EsrdSegment
  segmentLabel: string
  status: Status
  graftMonths: number | null
  age: number
  sex: Sex
  rawScore: number
  hccs: CategoryExplanation[]
  droppedByHierarchy: DroppedCategory[]
  /** Every variable that fired with its factor, then the graft-duration or transplant scores. */
  terms: ScoreTerm[]
  /** New enrollees with a functioning graft: the cell and duration score are divided by this. */
  actuarialAdjustment: number | null
  normalizationFactor: number
  normalizedScore: number
  maCodingAdjustment: number
  /** round3(normalised x (1 - MA coding adjustment)). */
  paymentScore: number
  unmappedDiagnoses: string[]
  editedDiagnoses: string[]
  mappingTable: string
}

export function esrdSegmentLabel(segment: EsrdSegment): string {
  if (segment.startsWith('TRANSPLANT_')) return `Kidney transplant, month ${segment.slice(11, -1)}`
  if (segment === 'DIAL') return 'Dialysis, continuing enrollee'
  if (segment === 'GRAFT_INST') return 'Functioning graft, long-term institutional'
  const dual = segment.includes('_FBD_') ? 'full-benefit dual' : 'not full-benefit dual'
  if (segment.startsWith('GRAFT_COMM'))
    return `Functioning graft, community, ${dual}, ${segment.endsWith('GE65') ? 'aged 65+' : 'under 65'}`
  const origdis = segment.endsWith('_ORIGDIS') ? 'originally disabled' : 'not originally disabled'
  return `New enrollee, ${segment.startsWith('NE_DIAL') ? 'dialysis' : 'functioning graft'}, ${dual}, ${origdis}`
}

const GRAFT_LABELS: Record<string, string> = {
  DUR4_9: 'Functioning graft 4-9 months',
  DUR10PL: 'Functioning graft 10+ months',
}

function extraLabel(key: string): string {
  if (key.startsWith('TRANSPLANT_KIDNEY_ONLY_')) return `Kidney transplant month ${key.slice(-2, -1)}`
  if (key.startsWith('LTI_')) return 'Institutional graft, long-term institutional'
  if (key.includes('PBD_') && key.endsWith('_flag')) return 'Functioning graft, partial-benefit dual'
  const dur = key.includes('DUR4_9') ? 'DUR4_9' : 'DUR10PL'
  return `${GRAFT_LABELS[dur]}, ${key.includes('GE65') ? 'aged 65+' : 'under 65'}, ${key.endsWith('_FBD') ? 'full-benefit dual' : 'not full-benefit dual'}`
}

/** Scores one ESRD beneficiary with the full explanation. */
export function scoreEsrd(input: EsrdInput, diagnoses: readonly unknown[]): EsrdScore {
  const c = getEsrd()
  const m = c.m
  const segment = esrdSegment(input)
  const status = statusOf(input.graftMonths)
  const transplant = segment.startsWith('TRANSPLANT_')
  const trace = newTrace()
  try {
    // New enrollees and transplant months ignore diagnoses.
    const core = scoreCore(c, input, segment, diagnoses, trace)
    const w = transplant
      ? new Int32Array(m.varNames.length)
      : (m.weights[m.segmentIndex.get(segment) as number] as Int32Array)
    const ce = !transplant && !segment.startsWith('NE_')
    const { kept, dropped } = ce ? explainCategories(m, w, core.count, trace) : { kept: [], dropped: [] }
    const term = (v: number): ScoreTerm => ({
      variable: m.varNames[v] as string,
      label: m.varLabels[v] as string,
      kind: m.varKinds[v] as ScoreTerm['kind'],
      coefficient: (w[v] as number) / 1000,
    })
    const normalization = status === 'graft' ? ESRD_NORMALIZATION.graft : ESRD_NORMALIZATION.dialysis
    const normalized = normalize(core.raw, normalization)
    return {
      model: 'ESRD-V24',
      paymentYear: 2026,
      segment,
      segmentLabel: esrdSegmentLabel(segment),
      status,
      graftMonths: input.graftMonths,
      age: input.age,
      sex: input.sex,
      rawScore: core.raw / 1000,
      hccs: kept,
      droppedByHierarchy: dropped,
      terms: [
        ...core.vars.slice(0, 1).map(term),
        ...core.vars
          .slice(1)
          .filter((v) => m.varKinds[v] === 'demographic_interaction')
          .map(term),
        ...kept.map((k) => term(m.catVar[k.number] as number)),
        ...core.vars
          .slice(1)
          .filter((v) => m.varKinds[v] !== 'demographic_interaction')
          .map(term),
        ...core.extras.map((e) => ({
          variable: e.key,
          label: extraLabel(e.key),
          kind: 'demographic' as const,
          coefficient: e.value / 1000,
        })),
      ],
      actuarialAdjustment: core.actuarial === null ? null : core.actuarial / 1000,
      normalizationFactor: normalization / 1000,
      normalizedScore: normalized / 1000,
      maCodingAdjustment: MA_CODING_ADJUSTMENT / 1000,
      paymentScore: divRoundHalfUp(normalized * (1000 - MA_CODING_ADJUSTMENT), 1000) / 1000,
      unmappedDiagnoses: ce ? trace.unmapped : [],
      editedDiagnoses: trace.edited,
      mappingTable: `ESRD V24 PY2026 ICD-10-CM FY2025+FY2026 (${ESRD_V24_DATA.codes} codes; ${ESRD_V24_DATA.mappingSource})`,
    }
  } finally {
    releaseOther()
  }
}

/** Every ICD-10-CM code the ESRD model maps (for pickers and test data). */
export function esrdMappedCodes(): string[] {
  return ESRD_V24_DATA.mapping.split('\n').flatMap((line) => line.split(' ').slice(1))
}

/** The compiled model, for table-integrity tests. */
export function esrdModel(): CompiledOther {
  return getEsrd().m
}
