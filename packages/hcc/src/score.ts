// Public scoring entry points: one model (with explanation), a whole payment year (blend and
// payment score), and a compact path for bulk use (CLI, benchmark).
import { deriveDemographics, segmentLabel, type DemographicInput, type Demographics } from './demographics.ts'
import { isDropped, newTrace, presentCcs, releaseScratch, scoreCore, type CoreResult, type Trace } from './engine.ts'
import type { ModelVersion, PaymentYear } from './model-data.ts'
import { PAYMENT_YEARS, blendAndAdjust, normalizationFor, normalize, toDecimal } from './payment.ts'
import { resolveInput } from './resolve.ts'
import { getMapping, getModel, mappingInfo, type CompiledModel } from './tables.ts'
import type {
  BeneficiaryInput,
  DiagnosisEvidence,
  DiagnosisSource,
  DroppedHcc,
  HccExplanation,
  ModelScore,
  RiskScoreResult,
  ScoreOptions,
  ScoreTerm,
  Segment,
} from './types.ts'

export const ENGINE_NAME = '@blueconsent/hcc 0.1.0'

/** Scores one beneficiary with one model and explains every term. */
export function scoreBeneficiary(input: BeneficiaryInput, options: ScoreOptions): ModelScore {
  const resolved = resolveInput(input, options.paymentYear)
  return scoreResolved(resolved.demo, input, options, resolved.warnings)
}

function scoreResolved(demoInput: DemographicInput, input: BeneficiaryInput, options: ScoreOptions, warnings: string[]): ModelScore {
  const m = getModel(options.model)
  const demo = deriveDemographics(demoInput)
  const segIdx = segmentIndex(m, demo.segment)
  const trace = newTrace()
  try {
    const core = scoreCore(m, getMapping(options.model, options.paymentYear), demo, segIdx, input.diagnoses, trace)
    return explain(m, demo, segIdx, core, trace, input.diagnosisSources ?? {}, options, warnings)
  } finally {
    releaseScratch()
  }
}

function segmentIndex(m: CompiledModel, segment: Segment): number {
  const i = m.segmentIndex.get(segment)
  if (i === undefined) throw new Error(`segment ${segment} missing from ${m.model} tables`)
  return i
}

function explain(
  m: CompiledModel,
  demo: Demographics,
  segIdx: number,
  core: CoreResult,
  trace: Trace,
  sources: Readonly<Record<string, readonly DiagnosisSource[]>>,
  options: ScoreOptions,
  warnings: string[],
): ModelScore {
  const w = m.weights[segIdx] as Int32Array
  const evidence = (cc: number): DiagnosisEvidence[] =>
    [...(trace.codesByCc.get(cc) ?? [])].sort().map((code) => ({ code, sources: [...(sources[code] ?? [])], edit: trace.editByCode.get(code) ?? null }))
  const term = (v: number): ScoreTerm => ({ variable: m.varNames[v] as string, label: m.varLabels[v] as string, kind: m.varKinds[v] as ScoreTerm['kind'], coefficient: toDecimal(w[v] as number) })
  const dropped = droppedHccs(m, evidence)
  const hccs: HccExplanation[] = core.hccs.map((cc) => {
    const v = m.ccVar[cc] as number
    return {
      hcc: `HCC${cc}`,
      number: cc,
      label: m.varLabels[v] as string,
      coefficient: toDecimal(w[v] as number),
      diagnoses: evidence(cc),
      dropped: dropped.filter((d) => d.droppedBy.includes(`HCC${cc}`)).map((d) => d.hcc),
    }
  })
  const terms = [core.cellVar, ...core.demoVars, ...core.hccs.map((cc) => m.ccVar[cc] as number), ...core.interactions]
  if (core.countVar >= 0) terms.push(core.countVar)
  const factor = normalizationFor(m.model, options.paymentYear)
  return {
    model: m.model,
    paymentYear: options.paymentYear,
    segment: demo.segment,
    segmentLabel: segmentLabel(demo.segment),
    age: demo.age,
    sex: demo.sex,
    disabled: demo.disabled,
    originallyDisabled: demo.originallyDisabled,
    medicaid: demo.medicaid,
    rawScore: toDecimal(core.raw),
    normalizationFactor: factor === null ? null : toDecimal(factor),
    normalizedScore: factor === null ? null : toDecimal(normalize(core.raw, factor)),
    hccs,
    droppedByHierarchy: dropped,
    terms: terms.map(term),
    paymentHccCount: core.hccs.length,
    // Sorted so the result never depends on the order the diagnoses arrived in.
    unmappedDiagnoses: [...trace.unmapped].sort(),
    editedDiagnoses: trace.edited.map((e) => ({ ...e })).sort((a, b) => a.code.localeCompare(b.code)),
    mappingTable: mappingInfo(m.model, options.paymentYear),
    warnings: [...warnings],
  }
}

function droppedHccs(m: CompiledModel, evidence: (cc: number) => DiagnosisEvidence[]): DroppedHcc[] {
  const present = presentCcs()
  const out: DroppedHcc[] = []
  for (const cc of [...present].sort((a, b) => a - b)) {
    if (!isDropped(cc)) continue
    const droppedBy = present.filter((p) => !isDropped(p) && m.children[p]?.includes(cc)).map((p) => `HCC${p}`)
    const v = m.ccVar[cc] as number
    out.push({
      hcc: `HCC${cc}`,
      number: cc,
      label: v >= 0 ? (m.varLabels[v] as string) : `CC${cc}`,
      droppedBy: droppedBy.length > 0 ? droppedBy : ['V28 rule: HCC223 needs another heart-failure HCC'],
      diagnoses: evidence(cc),
    })
  }
  return out
}

/** Scores every model in the payment year's blend and computes the normalised, blended payment score. */
export function scorePaymentYear(input: BeneficiaryInput, options: { paymentYear: PaymentYear }): RiskScoreResult {
  const config = PAYMENT_YEARS[options.paymentYear]
  const resolved = resolveInput(input, options.paymentYear)
  const models = config.blend.map((b) => scoreResolved(resolved.demo, input, { model: b.model, paymentYear: options.paymentYear }, resolved.warnings))
  const normalized = new Map<ModelVersion, number>()
  const blend = config.blend.map((b) => {
    const score = models.find((s) => s.model === b.model) as ModelScore
    const raw = Math.round(score.rawScore * 1000)
    const norm = normalize(raw, b.normalization)
    normalized.set(b.model, norm)
    return { model: b.model, weightPercent: b.weightPercent, normalizationFactor: toDecimal(b.normalization), rawScore: score.rawScore, normalizedScore: toDecimal(norm) }
  })
  const { blended, payment } = blendAndAdjust(config, normalized)
  const d = resolved.demo
  return {
    schemaVersion: 1,
    engine: ENGINE_NAME,
    paymentYear: options.paymentYear,
    dataCollectionYear: options.paymentYear - 1,
    beneficiary: { age: d.age, sex: d.sex, orec: d.orec, dual: d.dual, medicaid: models[0]?.medicaid ?? false, lti: d.lti, newEnrollee: d.newEnrollee, snp: d.snp },
    defaulted: resolved.defaulted,
    completeness: resolved.completeness,
    models,
    blend,
    blendedScore: toDecimal(blended),
    maCodingAdjustment: toDecimal(config.maCodingAdjustment),
    paymentScore: toDecimal(payment),
    claims: null,
    notes: [
      'Part C CMS-HCC risk score before plan-level factors (frailty, ESRD, PACE blends are not applied).',
      'Normalisation factors as published in the CMS Rate Announcements; rounding inside the blend follows CMS published steps (half-up to 3 decimals).',
      'CMS MCE age/sex plausibility edits are not applied (their lists are not in the public tables).',
    ],
  }
}

export interface CompactScore {
  segment: Segment
  /** Raw score in thousandths. */
  rawThousandths: number
  /** Payment HCC numbers, ascending. */
  hccs: number[]
}

/**
 * Bulk path: resolved demographics in, segment + raw score + payment HCCs out, no explanation.
 * Throws HccInputError only for an unusable sex/age (see resolveInput).
 */
export function scoreCompact(demoInput: DemographicInput, diagnoses: readonly unknown[], options: ScoreOptions): CompactScore {
  const m = getModel(options.model)
  const demo = deriveDemographics(demoInput)
  try {
    const core = scoreCore(m, getMapping(options.model, options.paymentYear), demo, segmentIndex(m, demo.segment), diagnoses, null)
    return { segment: demo.segment, rawThousandths: core.raw, hccs: core.hccs.slice() }
  } finally {
    releaseScratch()
  }
}
