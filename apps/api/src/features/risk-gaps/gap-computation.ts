// From one patient's stored Medicare record to their gaps and Part D score, with no I/O. Recapture: payment
// HCCs of last year's risk-adjustment-eligible diagnoses that this year's do not carry. Suspects: conditions
// the Part D fills imply (suspect-rules.ts) with no supporting diagnosis on any claim. Each gap is valued as
// the change of the normalised score when its codes join this year's: the engine applies the hierarchy and
// the count and interaction terms, so a gap a documented HCC trumps is worth nothing. The score is the year's
// CMS-HCC, or ESRD V24 (dialysis) for a patient whose Medicare coverage records ESRD, as CMS pays them.
import type {
  Confidence,
  GapClaimEvidence,
  GapFillEvidence,
  GapType,
  PartDScore,
} from '@blueconsent/contract/risk-gaps'
import { shortHistoryLimitation, type DataLimitation } from '@blueconsent/contract/shared'
import {
  PAYMENT_YEARS,
  RX_NORMALIZATION,
  ageOnFeb1,
  eligibleDiagnoses,
  normalizeCode,
  scoreBeneficiary,
  scoreEsrd,
  scoreRxHcc,
  scoreRxHccCompact,
  throughDate,
  type BeneficiaryInput,
  type EsrdInput,
  type EsrdScore,
  type ModelScore,
  type ModelVersion,
  type PaymentYear,
  type RiskAdjustmentClaim,
  type RxHccInput,
  type Sex,
} from '@blueconsent/hcc'
import { rulesForDrug, supportsRule, type SuspectRule } from './suspect-rules.ts'

export type GapClaim = RiskAdjustmentClaim & { providerName: string | null; providerNpi: string | null }

export type GapFill = {
  id: string
  drugName: string | null
  ndc: string | null
  fillDate: string | null
  daysSupply: number | null
  prescriberName: string | null
  prescriberNpi: string | null
}

export type GapDemographics = {
  sex: Sex
  birthDate: string
  orec: string | null
  dual: string | null
  esrd: boolean | null
}

export type ComputedGap = {
  /** Stable per patient across recomputations, so a status stays with its gap. */
  key: string
  type: GapType
  condition: string
  /** The Part C model the value is computed with: the year's CMS-HCC, or ESRD V24 for a patient with ESRD. */
  model: ModelVersion | 'ESRD-V24'
  hcc: string | null
  hccLabel: string | null
  value: number
  rxHcc: string | null
  rxHccLabel: string | null
  rxValue: number
  trumpedBy: string | null
  confidence: Confidence | null
  suggestedCode: string | null
  lastDate: string | null
  providerName: string | null
  providerNpi: string | null
  claims: GapClaimEvidence[]
  fills: GapFillEvidence[]
  rule: { id: string; drug_class: string; rationale: string; sources: string[] } | null
}

export type PatientGaps = {
  gaps: ComputedGap[]
  partD: PartDScore | null
  caveats: string[]
  dataLimitations: DataLimitation[]
}

/**
 * Blue Button v3 asked the patient about alcohol & substance use (42 CFR Part 2) records and they kept them
 * private: those claims were left out, so conditions they document cannot show.
 */
export const PART2_NOT_SHARED_CAVEAT =
  'May be missing substance-use conditions: the patient chose on Medicare’s consent screen not to share alcohol and substance use records.'

/** Blue Button v2 never asks, and does not say whether such claims were left out. */
export const WITHHELD_CLAIMS_CAVEAT =
  'Blue Button withholds claims of substance use disorder treatment (42 CFR Part 2): HCCs for substance use disorders may be missing.'

/** The model of the payment year that this year's diagnoses count toward (its largest blend weight). */
export function valuationYear(now: Date): { paymentYear: PaymentYear; model: ModelVersion } {
  const next = now.getUTCFullYear() + 1
  const paymentYear: PaymentYear = next <= 2024 ? 2024 : next >= 2026 ? 2026 : 2025
  const blend = [...PAYMENT_YEARS[paymentYear].blend].sort((a, b) => b.weightPercent - a.weightPercent)
  return { paymentYear, model: (blend[0] as { model: ModelVersion }).model }
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000

type Valuation = {
  model: ModelVersion
  paymentYear: PaymentYear
  demographics: GapDemographics
  rxInput: RxHccInput
  current: string[]
  baseline: ModelScore
  baselineRx: number
  /** For a patient Medicare records with ESRD: the ESRD model's input and this year's score, which price gaps. */
  esrd: { input: EsrdInput; baseline: EsrdScore } | null
}

/** The ESRD model's input (dialysis: no graft months are in claims data), or null without ESRD status. */
function esrdInputOf(d: GapDemographics, paymentYear: number): EsrdInput | null {
  if (d.esrd !== true) return null
  return {
    sex: d.sex,
    age: ageOnFeb1(d.birthDate, paymentYear) ?? 65,
    orec: d.orec ?? '2',
    dual: d.dual ?? '',
    lti: false,
    newEnrollee: false,
    graftMonths: null,
  }
}

/** The normalised change of the ESRD score when `codes` join this year's, and the category they add. */
function esrdValueOf(
  esrd: NonNullable<Valuation['esrd']>,
  current: readonly string[],
  codes: readonly string[],
): Pick<GapValue, 'hcc' | 'hccLabel' | 'value' | 'trumpedBy'> {
  const withGap = scoreEsrd(esrd.input, [...current, ...codes])
  const added = withGap.hccs.find((h) => h.diagnoses.some((code) => codes.includes(code)))
  const trumped = withGap.droppedByHierarchy.find((h) => h.diagnoses.some((code) => codes.includes(code)))
  return {
    hcc: added?.variable ?? trumped?.variable ?? null,
    hccLabel: added?.label ?? trumped?.label ?? null,
    value: round3((withGap.rawScore - esrd.baseline.rawScore) / withGap.normalizationFactor),
    trumpedBy: trumped ? (trumped.droppedBy[0] ?? null) : null,
  }
}

function scoreWith(
  valuation: Valuation,
  diagnoses: readonly string[],
  diagnosisSources?: BeneficiaryInput['diagnosisSources'],
): ModelScore {
  const { demographics: d, model, paymentYear } = valuation
  return scoreBeneficiary(
    {
      sex: d.sex,
      birthDate: d.birthDate,
      orec: d.orec,
      dual: d.dual,
      esrd: d.esrd,
      diagnoses,
      diagnosisSources,
    },
    { model, paymentYear },
  )
}

function rxInputOf(d: GapDemographics, paymentYear: number): RxHccInput {
  return {
    sex: d.sex,
    age: ageOnFeb1(d.birthDate, paymentYear) ?? 65,
    orec: d.orec ?? '0',
    dual: d.dual,
    lti: false,
    newEnrollee: false,
    esrd: d.esrd ?? false,
  }
}

type GapValue = Pick<
  ComputedGap,
  'hcc' | 'hccLabel' | 'value' | 'rxHcc' | 'rxHccLabel' | 'rxValue' | 'trumpedBy'
>

const gapModel = (valuation: Valuation): ComputedGap['model'] =>
  valuation.esrd ? 'ESRD-V24' : valuation.model

/** What documenting `codes` this year adds to the normalised CMS-HCC and Part D (MA-PD) scores. */
function valueOf(valuation: Valuation, codes: readonly string[], hcc: string | null): GapValue {
  const withGap = scoreWith(valuation, [...valuation.current, ...codes])
  const factor = withGap.normalizationFactor ?? 1
  const added = withGap.hccs.find((h) => h.diagnoses.some((dx) => codes.includes(dx.code)))
  const trumped = withGap.droppedByHierarchy.find((h) =>
    hcc ? h.hcc === hcc : codes.some((c) => h.diagnoses.some((dx) => dx.code === c)),
  )
  const rxWith = scoreRxHccCompact(valuation.rxInput, [...valuation.current, ...codes])
  const rxAlone = scoreRxHcc(valuation.rxInput, codes).rxhccs[0] ?? null
  const partC = {
    hcc: hcc ?? added?.hcc ?? trumped?.hcc ?? null,
    hccLabel: added?.label ?? trumped?.label ?? null,
    value: round3((withGap.rawScore - valuation.baseline.rawScore) / factor),
    trumpedBy: trumped ? (trumped.droppedBy[0] ?? null) : null,
  }
  return {
    // A patient with ESRD is paid under the ESRD model: its categories, hierarchy and normalisation price the gap.
    ...(valuation.esrd ? esrdValueOf(valuation.esrd, valuation.current, codes) : partC),
    rxHcc: rxAlone?.variable ?? null,
    rxHccLabel: rxAlone?.label ?? null,
    rxValue: round3((rxWith.rawThousandths - valuation.baselineRx) / RX_NORMALIZATION['MA-PD']),
  }
}

function claimEvidence(
  claimsById: ReadonlyMap<string, GapClaim>,
  codesByClaim: Map<string, string[]>,
): GapClaimEvidence[] {
  return [...codesByClaim.entries()]
    .map(([id, codes]) => {
      const claim = claimsById.get(id)
      return {
        claim_id: id,
        claim_type: claim?.claimType ?? 'unknown',
        date: claim ? throughDate(claim) : null,
        codes: [...new Set(codes)].sort(),
        provider_name: claim?.providerName ?? null,
        provider_npi: claim?.providerNpi ?? null,
      }
    })
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
}

function recaptureGaps(
  valuation: Valuation,
  claims: readonly GapClaim[],
  collectionYear: number,
): ComputedGap[] {
  const prior = eligibleDiagnoses(claims, { collectionYear: collectionYear - 1 })
  const priorScore = scoreWith(
    valuation,
    prior.diagnoses.map((d) => d.code),
    prior.sourcesByCode,
  )
  const documented = new Set([
    ...valuation.baseline.hccs.map((h) => h.hcc),
    ...valuation.baseline.droppedByHierarchy.map((h) => h.hcc),
  ])
  const claimsById = new Map(claims.map((c) => [c.id, c]))
  return priorScore.hccs
    .filter((hcc) => !documented.has(hcc.hcc))
    .map((hcc) => {
      const codes = hcc.diagnoses.map((dx) => dx.code)
      const byClaim = new Map<string, string[]>()
      for (const dx of hcc.diagnoses)
        for (const source of dx.sources)
          byClaim.set(source.claimId, [...(byClaim.get(source.claimId) ?? []), dx.code])
      const evidence = claimEvidence(claimsById, byClaim)
      const last = evidence[0]
      return {
        key: `recapture:${valuation.model}:${hcc.hcc}`,
        type: 'recapture' as const,
        condition: hcc.label,
        model: gapModel(valuation),
        ...valueOf(valuation, codes, hcc.hcc),
        hccLabel: hcc.label,
        confidence: null,
        suggestedCode: last?.codes[0] ?? codes[0] ?? null,
        lastDate: last?.date ?? null,
        providerName: last?.provider_name ?? null,
        providerNpi: last?.provider_npi ?? null,
        claims: evidence,
        fills: [],
        rule: null,
      }
    })
}

const CONFIDENCE_RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 }

const fillEvidence = (fill: GapFill): GapFillEvidence => ({
  medication_id: fill.id,
  drug_name: fill.drugName,
  ndc: fill.ndc,
  fill_date: fill.fillDate,
  days_supply: fill.daysSupply,
  prescriber_name: fill.prescriberName,
  prescriber_npi: fill.prescriberNpi,
})

const newestFirst = (a: GapFill, b: GapFill): number => (b.fillDate ?? '').localeCompare(a.fillDate ?? '')

/** Every normalised ICD-10-CM code on any claim of the record, whatever its year or type. */
const allDiagnosisCodes = (claims: readonly GapClaim[]): string[] => [
  ...new Set(
    claims.flatMap((claim) =>
      claim.diagnoses.filter((dx) => dx.system === 'icd10').map((dx) => normalizeCode(dx.code)),
    ),
  ),
]

function suspectGaps(
  valuation: Valuation,
  claims: readonly GapClaim[],
  fills: readonly GapFill[],
): ComputedGap[] {
  const codes = allDiagnosisCodes(claims)
  const byCondition = new Map<string, { rules: Set<SuspectRule>; fills: GapFill[] }>()
  for (const fill of fills) {
    for (const rule of rulesForDrug(fill.drugName)) {
      if (codes.some((code) => supportsRule(rule, code))) continue
      const entry = byCondition.get(rule.condition) ?? { rules: new Set(), fills: [] }
      entry.rules.add(rule)
      if (!entry.fills.includes(fill)) entry.fills.push(fill)
      byCondition.set(rule.condition, entry)
    }
  }
  return [...byCondition.entries()].map(([condition, { rules, fills: matched }]) => {
    const rule = [...rules].sort(
      (a, b) => CONFIDENCE_RANK[b.confidence] - CONFIDENCE_RANK[a.confidence],
    )[0] as SuspectRule
    const sorted = [...matched].sort(newestFirst)
    const last = sorted[0]
    return {
      key: `suspect:${rule.suggestedCode}`,
      type: 'suspect' as const,
      condition,
      model: gapModel(valuation),
      ...valueOf(valuation, [rule.suggestedCode], null),
      confidence: rule.confidence,
      suggestedCode: rule.suggestedCode,
      lastDate: last?.fillDate ?? null,
      providerName: last?.prescriberName ?? null,
      providerNpi: last?.prescriberNpi ?? null,
      claims: [],
      fills: sorted.slice(0, 12).map(fillEvidence),
      rule: {
        id: rule.id,
        drug_class: rule.drugClass,
        rationale: rule.rationale,
        sources: [...rule.sources],
      },
    }
  })
}

/** The Part D score of the stored CMS-HCC score's payment year, each RxHCC traced to claims and fills. */
function partDScore(
  demographics: GapDemographics,
  claims: readonly GapClaim[],
  fills: readonly GapFill[],
): PartDScore {
  const paymentYear = 2026
  const eligible = eligibleDiagnoses(claims, { paymentYear })
  const score = scoreRxHcc(
    rxInputOf(demographics, paymentYear),
    eligible.diagnoses.map((d) => d.code),
  )
  const fillsFor = (dxCodes: readonly string[]): GapFillEvidence[] =>
    fills
      .filter((fill) =>
        rulesForDrug(fill.drugName).some((rule) => dxCodes.some((code) => supportsRule(rule, code))),
      )
      .sort(newestFirst)
      .slice(0, 6)
      .map(fillEvidence)
  return {
    model: 'RxHCC-V08',
    payment_year: paymentYear,
    segment: score.segment,
    segment_label: score.segmentLabel,
    raw_score: score.rawScore,
    normalized: score.normalized.map((n) => ({
      plan: n.plan,
      factor: n.normalizationFactor,
      score: n.normalizedScore,
    })),
    rx_hccs: score.rxhccs.map((rx) => ({
      rx_hcc: rx.variable,
      label: rx.label,
      coefficient: rx.coefficient,
      diagnoses: rx.diagnoses.map((code) => ({
        code,
        claims: (eligible.sourcesByCode[code] ?? []).map((s) => ({ claim_id: s.claimId, date: s.through })),
      })),
      fills: fillsFor(rx.diagnoses),
    })),
    dropped: score.droppedByHierarchy.map((d) => ({
      rx_hcc: d.variable,
      label: d.label,
      dropped_by: d.droppedBy,
    })),
    terms: score.terms.map((t) => ({ variable: t.variable, label: t.label, coefficient: t.coefficient })),
  }
}

/** Every date of service or fill in the record. */
const recordDates = (claims: readonly GapClaim[], fills: readonly GapFill[]): (string | null)[] => [
  ...claims.map((c) => c.billablePeriod.start ?? throughDate(c)),
  ...fills.map((f) => f.fillDate),
]

/** What the record cannot show, as limitations: a record shorter than a year may miss HCCs. */
export function recordLimitations(
  claims: readonly GapClaim[],
  fills: readonly GapFill[],
  now: Date,
): DataLimitation[] {
  const short = shortHistoryLimitation(recordDates(claims, fills), now)
  return short ? [short] : []
}

/** `part2Shared`: true when the patient shared Part 2 claims (no caveat), false when not, null when unknown. */
export function recordCaveats(
  claims: readonly GapClaim[],
  fills: readonly GapFill[],
  now: Date,
  part2Shared: boolean | null = null,
): string[] {
  const part2 =
    part2Shared === true ? [] : [part2Shared === false ? PART2_NOT_SHARED_CAVEAT : WITHHELD_CLAIMS_CAVEAT]
  return [...recordLimitations(claims, fills, now).map((l) => l.message), ...part2]
}

/** Everything the worklist and the patient page show for one patient, sorted by value. */
export function computePatientGaps(input: {
  claims: readonly GapClaim[]
  fills: readonly GapFill[]
  demographics: GapDemographics
  now: Date
  /** Whether the patient shared 42 CFR Part 2 claims; null or absent when Blue Button did not say. */
  part2Shared?: boolean | null
}): PatientGaps {
  const { claims, fills, demographics, now } = input
  const { paymentYear, model } = valuationYear(now)
  const collectionYear = now.getUTCFullYear()
  const current = eligibleDiagnoses(claims, { collectionYear }).diagnoses.map((d) => d.code)
  const rxInput = rxInputOf(demographics, 2026)
  const esrdInput = esrdInputOf(demographics, 2026)
  const valuation: Valuation = {
    model,
    paymentYear,
    demographics,
    rxInput,
    current,
    baseline: scoreBeneficiary({ ...demographics, diagnoses: current }, { model, paymentYear }),
    baselineRx: scoreRxHccCompact(rxInput, current).rawThousandths,
    esrd: esrdInput && { input: esrdInput, baseline: scoreEsrd(esrdInput, current) },
  }
  const gaps = [...recaptureGaps(valuation, claims, collectionYear), ...suspectGaps(valuation, claims, fills)]
  gaps.sort((a, b) => b.value - a.value || b.rxValue - a.rxValue || a.key.localeCompare(b.key))
  return {
    gaps,
    partD: partDScore(demographics, claims, fills),
    caveats: recordCaveats(claims, fills, now, input.part2Shared ?? null),
    dataLimitations: recordLimitations(claims, fills, now),
  }
}
