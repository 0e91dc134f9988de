// Public scoring entry points: one model (with explanation), a whole payment year (blend and
// payment score), and a compact path for bulk use (CLI, benchmark).
import {
  deriveDemographics,
  newDemographics,
  segmentLabel,
  type DemographicInput,
  type Demographics,
} from './demographics.ts'
import {
  isDropped,
  presentCcs,
  releaseScratch,
  resetTrace,
  scoreCore,
  type CoreResult,
  type Trace,
} from './engine.ts'
import type { ModelVersion, PaymentYear } from './model-data.ts'
import { PAYMENT_YEARS, blendAndAdjust, normalizationFor, normalize, toDecimal } from './payment.ts'
import { resolveInput } from './resolve.ts'
import { getCodeTable, getModel, mappingInfo, type CompiledModel } from './model-tables.ts'
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

type Sources = Readonly<Record<string, readonly DiagnosisSource[]>>
const NO_SOURCES: Sources = {}

function scoreResolved(
  demoInput: DemographicInput,
  input: BeneficiaryInput,
  options: ScoreOptions,
  warnings: string[],
): ModelScore {
  const m = getModel(options.model)
  const demo = deriveDemographics(demoInput)
  const segIdx = segmentIndex(m, demo.segment)
  const trace = resetTrace()
  try {
    // Callers outside TypeScript may pass anything here; a non-list means no diagnoses.
    const diagnoses: readonly unknown[] = Array.isArray(input.diagnoses) ? input.diagnoses : []
    const core = scoreCore(
      m,
      getCodeTable(options.model, options.paymentYear),
      demo,
      segIdx,
      diagnoses,
      trace,
    )
    return explain(m, demo, segIdx, core, trace, input.diagnosisSources ?? NO_SOURCES, options, warnings)
  } finally {
    releaseScratch()
  }
}

function segmentIndex(m: CompiledModel, segment: Segment): number {
  const i = m.segmentIndex.get(segment)
  if (i === undefined) throw new Error(`segment ${segment} missing from ${m.model} tables`)
  return i
}

/** The codes (sorted) that produced `cc`, with their claim sources and any edit applied. */
function evidence(trace: Trace, cc: number, sources: Sources): DiagnosisEvidence[] {
  const out: DiagnosisEvidence[] = []
  for (let i = 0; i < trace.ccs.length; i++) {
    if (trace.ccs[i] !== cc) continue
    const code = trace.codes[i] as string
    // Skipping the lookup when there are no sources avoids interning every code string.
    const src = sources === NO_SOURCES ? undefined : sources[code]
    let edit: string | null = null
    for (const e of trace.edited) if (e.code === code) edit = e.rule
    const item: DiagnosisEvidence = { code, sources: src ? src.slice() : [], edit }
    // Insertion keeps the list sorted by code without a comparator call per element.
    let j = out.length
    out.push(item)
    while (j > 0 && (out[j - 1] as DiagnosisEvidence).code > code) {
      out[j] = out[j - 1] as DiagnosisEvidence
      j--
    }
    out[j] = item
  }
  return out
}

function term(m: CompiledModel, w: Int32Array, v: number): ScoreTerm {
  return {
    variable: m.varNames[v] as string,
    label: m.varLabels[v] as string,
    kind: m.varKinds[v] as ScoreTerm['kind'],
    coefficient: toDecimal(w[v] as number),
  }
}

function buildTerms(m: CompiledModel, w: Int32Array, core: CoreResult): ScoreTerm[] {
  const terms = [term(m, w, core.cellVar)]
  for (let i = 0; i < core.demoCount; i++) terms.push(term(m, w, core.demoVars[i] as number))
  for (let i = 0; i < core.hccCount; i++) terms.push(term(m, w, m.ccVar[core.hccs[i] as number] as number))
  for (let i = 0; i < core.interactionCount; i++) terms.push(term(m, w, core.interactions[i] as number))
  if (core.countVar >= 0) terms.push(term(m, w, core.countVar))
  return terms
}

function explain(
  m: CompiledModel,
  demo: Demographics,
  segIdx: number,
  core: CoreResult,
  trace: Trace,
  sources: Sources,
  options: ScoreOptions,
  warnings: string[],
): ModelScore {
  const w = m.weights[segIdx] as Int32Array
  const dropped = droppedHccs(m, trace, sources)
  const hccs: HccExplanation[] = []
  for (let i = 0; i < core.hccCount; i++) {
    const cc = core.hccs[i] as number
    const v = m.ccVar[cc] as number
    const name = m.varNames[v] as string
    const removed: string[] = []
    for (const d of dropped) if (d.droppedBy.includes(name)) removed.push(d.hcc)
    hccs.push({
      hcc: name,
      number: cc,
      label: m.varLabels[v] as string,
      coefficient: toDecimal(w[v] as number),
      diagnoses: evidence(trace, cc, sources),
      dropped: removed,
    })
  }
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
    terms: buildTerms(m, w, core),
    paymentHccCount: core.hccCount,
    // Sorted so the result never depends on the order the diagnoses arrived in.
    unmappedDiagnoses: sortedCopy(trace.unmapped),
    editedDiagnoses: trace.edited.length === 0 ? [] : trace.edited.map(copyEdit).sort(byCode),
    mappingTable: mappingInfo(m.model, options.paymentYear),
    warnings: warnings.slice(),
  }
}

/** Sorted copy of a short string list (insertion sort: no comparator calls). */
function sortedCopy(list: readonly string[]): string[] {
  const out: string[] = []
  for (const x of list) {
    let j = out.length
    out.push(x)
    while (j > 0 && (out[j - 1] as string) > x) {
      out[j] = out[j - 1] as string
      j--
    }
    out[j] = x
  }
  return out
}

function copyEdit(e: Trace['edited'][number]): Trace['edited'][number] {
  return { code: e.code, rule: e.rule, cc: e.cc }
}

function byCode(a: { code: string }, b: { code: string }): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
}

const HCC223_RULE = ['V28 rule: HCC223 needs another heart-failure HCC']

function droppedHccs(m: CompiledModel, trace: Trace, sources: Sources): DroppedHcc[] {
  let present = presentCcs()
  if (!present.some(isDropped)) return []
  // Ascending (typed arrays sort numerically), so droppedBy never depends on the input order.
  present = present.slice().sort()
  let out: DroppedHcc[] | null = null
  for (const cc of present) {
    if (!isDropped(cc)) continue
    const droppedBy: string[] = []
    for (const p of present) if (!isDropped(p) && m.children[p]?.includes(cc)) droppedBy.push(`HCC${p}`)
    const v = m.ccVar[cc] as number
    out ??= []
    out.push({
      hcc: `HCC${cc}`,
      number: cc,
      label: v >= 0 ? (m.varLabels[v] as string) : `CC${cc}`,
      droppedBy: droppedBy.length > 0 ? droppedBy : HCC223_RULE.slice(),
      diagnoses: evidence(trace, cc, sources),
    })
  }
  return out ?? []
}

/** Scores every model in the payment year's blend and computes the normalised, blended payment score. */
export function scorePaymentYear(
  input: BeneficiaryInput,
  options: { paymentYear: PaymentYear },
): RiskScoreResult {
  const config = PAYMENT_YEARS[options.paymentYear]
  const resolved = resolveInput(input, options.paymentYear)
  const models = config.blend.map((b) =>
    scoreResolved(
      resolved.demo,
      input,
      { model: b.model, paymentYear: options.paymentYear },
      resolved.warnings,
    ),
  )
  const normalized = new Map<ModelVersion, number>()
  const blend = config.blend.map((b) => {
    const score = models.find((s) => s.model === b.model) as ModelScore
    const raw = Math.round(score.rawScore * 1000)
    const norm = normalize(raw, b.normalization)
    normalized.set(b.model, norm)
    return {
      model: b.model,
      weightPercent: b.weightPercent,
      normalizationFactor: toDecimal(b.normalization),
      rawScore: score.rawScore,
      normalizedScore: toDecimal(norm),
    }
  })
  const { blended, payment } = blendAndAdjust(config, normalized)
  const d = resolved.demo
  return {
    schemaVersion: 1,
    engine: ENGINE_NAME,
    paymentYear: options.paymentYear,
    dataCollectionYear: options.paymentYear - 1,
    beneficiary: {
      age: d.age,
      sex: d.sex,
      orec: d.orec,
      dual: d.dual,
      medicaid: models[0]?.medicaid ?? false,
      lti: d.lti,
      newEnrollee: d.newEnrollee,
      snp: d.snp,
    },
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

const compactDemo = newDemographics()

/**
 * Bulk path: already-validated demographics in (the CLI checks sex and age per line), segment + raw
 * score + payment HCCs out, no explanation and no per-call allocation beyond the result.
 */
export function scoreCompact(
  demoInput: DemographicInput,
  diagnoses: readonly unknown[],
  options: ScoreOptions,
): CompactScore {
  const m = getModel(options.model)
  const demo = deriveDemographics(demoInput, compactDemo)
  try {
    const core = scoreCore(
      m,
      getCodeTable(options.model, options.paymentYear),
      demo,
      segmentIndex(m, demo.segment),
      diagnoses,
      null,
    )
    const hccs = new Array<number>(core.hccCount)
    for (let i = 0; i < core.hccCount; i++) hccs[i] = core.hccs[i] as number
    return { segment: demo.segment, rawThousandths: core.raw, hccs }
  } finally {
    releaseScratch()
  }
}
