// Pure parts of the CLI (argument parsing, one JSON line -> one CSV row), kept apart from the
// stream plumbing in cli.ts so they can be tested and benchmarked in-process.
import { ageOnFeb1, normalizeDual, type DemographicInput } from './demographics.ts'
import type { ModelVersion, PaymentYear } from './model-data.ts'
import { formatThousandths, isPaymentYear } from './payment.ts'
import { scoreCompact } from './score.ts'
import { scoreRxHccCompact, type RxHccInput } from './rxhcc.ts'
import { scoreEsrdCompact, type EsrdInput } from './esrd.ts'

/** CMS-HCC (V24, V28), the Part D model (RxHCC V08, segment X) or the ESRD model (V24). */
export type CliModel = ModelVersion | 'RxHCC' | 'ESRD-V24'

export interface CliOptions {
  model: CliModel
  paymentYear: PaymentYear
}

export const USAGE = `usage: npm run hcc -- --model V28|V24|RxHCC|ESRD-V24 --payment-year 2024|2025|2026 < input.jsonl > output.csv
input: one JSON object per line: {"id", "age" (on 1 Feb) or "birth_date", "sex" F|M, "orec", "dual", "lti", "ne", "dx": [codes]}
  RxHCC also reads "lis" (low-income subsidy; defaults to true for Medicaid duals) and "esrd";
  ESRD-V24 also reads "graft_months" (months since a kidney transplant, null on dialysis). Both: PY2026 only.
output: CSV id,segment,raw_score,payment_hccs (payment HCCs space-separated, ascending; RxHCCs as RXHCC30)`

const MODEL_NAMES: Readonly<Record<string, CliModel>> = {
  V24: 'V24',
  V28: 'V28',
  RXHCC: 'RxHCC',
  'RXHCC-V08': 'RxHCC',
  'ESRD-V24': 'ESRD-V24',
  ESRD: 'ESRD-V24',
}

export const CSV_HEADER = 'id,segment,raw_score,payment_hccs'

export type ParsedArgs = { ok: true; options: CliOptions } | { ok: false; error: string | null }

/** error null = --help. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let modelArg = 'V28'
  let year: string = '2026'
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined]
    if (flag === '--help' || flag === '-h') return { ok: false, error: null }
    if (flag !== '--model' && flag !== '--payment-year')
      return { ok: false, error: `unknown argument: ${arg}` }
    const value = inline ?? argv[++i]
    if (value === undefined) return { ok: false, error: `${flag} needs a value` }
    if (flag === '--model') modelArg = value
    else year = value
  }
  const model = MODEL_NAMES[modelArg.toUpperCase()]
  if (model === undefined)
    return { ok: false, error: `--model must be V24, V28, RxHCC or ESRD-V24, got ${modelArg}` }
  const paymentYear = Number(year)
  if (!isPaymentYear(paymentYear))
    return { ok: false, error: `--payment-year must be 2024, 2025 or 2026, got ${year}` }
  if ((model === 'RxHCC' || model === 'ESRD-V24') && paymentYear !== 2026)
    return { ok: false, error: `--model ${model} has tables for payment year 2026 only, got ${year}` }
  return { ok: true, options: { model, paymentYear } }
}

export type LineResult = { ok: true; row: string } | { ok: false; error: string }

interface RawRecord {
  id?: unknown
  age?: unknown
  birth_date?: unknown
  sex?: unknown
  orec?: unknown
  dual?: unknown
  lti?: unknown
  ne?: unknown
  snp?: unknown
  crec?: unknown
  lis?: unknown
  esrd?: unknown
  graft_months?: unknown
  dx?: unknown
}

/** Scores one input line; never throws. */
export function processLine(line: string, options: CliOptions): LineResult {
  let record: unknown
  try {
    record = JSON.parse(line)
  } catch {
    return { ok: false, error: 'not valid JSON' }
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return { ok: false, error: 'not a JSON object' }
  const r = record as RawRecord
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : null
  if (id === null || id === '') return { ok: false, error: 'missing id' }
  const demo = toDemographics(r, options.paymentYear)
  if (typeof demo === 'string') return { ok: false, error: `id ${id}: ${demo}` }
  const dx = r.dx ?? []
  if (!Array.isArray(dx)) return { ok: false, error: `id ${id}: dx must be a list of codes` }
  const score = scoreOne(r, demo, dx, options)
  if (typeof score === 'string') return { ok: false, error: `id ${id}: ${score}` }
  return {
    ok: true,
    row: `${csvField(id)},${score.segment},${formatThousandths(score.rawThousandths)},${formatHccs(score.hccs, score.prefix)}`,
  }
}

interface RowScore {
  segment: string
  rawThousandths: number
  hccs: readonly number[]
  prefix: string
}

function scoreOne(
  r: RawRecord,
  demo: DemographicInput,
  dx: readonly unknown[],
  options: CliOptions,
): RowScore | string {
  const { model } = options
  if (model === 'V24' || model === 'V28') {
    const s = scoreCompact(demo, dx, { model, paymentYear: options.paymentYear })
    return { segment: s.segment, rawThousandths: s.rawThousandths, hccs: s.hccs, prefix: 'HCC' }
  }
  if (model === 'RxHCC') {
    const lis = optionalBoolean(r.lis, 'lis')
    const esrd = optionalBoolean(r.esrd, 'esrd')
    if (typeof lis === 'string') return lis
    if (typeof esrd === 'string') return esrd
    const crec = code(r.crec)
    // Object literals of one fixed shape (not spreads) keep the scoring calls monomorphic.
    const input: RxHccInput = {
      sex: demo.sex,
      age: demo.age,
      orec: demo.orec,
      dual: demo.dual,
      lis,
      lti: demo.lti,
      newEnrollee: demo.newEnrollee,
      // Without an explicit status, a current entitlement by ESRD (CREC 2 or 3) stands for it.
      esrd: esrd ?? (crec === '2' || crec === '3'),
    }
    const s = scoreRxHccCompact(input, dx)
    return { segment: s.segment, rawThousandths: s.rawThousandths, hccs: s.rxhccs, prefix: 'RXHCC' }
  }
  const months = r.graft_months
  if (months !== undefined && months !== null && !(Number.isInteger(months) && (months as number) >= 0))
    return 'graft_months must be a whole number of months since the transplant, or null on dialysis'
  const input: EsrdInput = {
    sex: demo.sex,
    age: demo.age,
    orec: demo.orec,
    dual: demo.dual,
    lti: demo.lti,
    newEnrollee: demo.newEnrollee,
    graftMonths: (months as number | null | undefined) ?? null,
  }
  const s = scoreEsrdCompact(input, dx)
  return { segment: s.segment, rawThousandths: s.rawThousandths, hccs: s.hccs, prefix: 'HCC' }
}

function optionalBoolean(value: unknown, name: string): boolean | null | string {
  if (value === undefined || value === null) return null
  return typeof value === 'boolean' ? value : `${name} must be true, false or null`
}

function code(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
}

function formatHccs(hccs: readonly number[], prefix: string): string {
  let out = ''
  for (let i = 0; i < hccs.length; i++) out += (i === 0 ? prefix : ` ${prefix}`) + String(hccs[i])
  return out
}

function toDemographics(r: RawRecord, paymentYear: PaymentYear): DemographicInput | string {
  const sex = typeof r.sex === 'string' ? r.sex.trim().toUpperCase() : ''
  if (sex !== 'F' && sex !== 'M') return 'sex must be F or M'
  let age: number | null = null
  if (typeof r.age === 'number' && Number.isFinite(r.age)) age = Math.floor(r.age)
  else if (typeof r.age === 'string' && /^\d{1,3}$/.test(r.age.trim())) age = Number(r.age)
  else if (typeof r.birth_date === 'string') age = ageOnFeb1(r.birth_date, paymentYear)
  if (age === null) return 'age or birth_date (YYYY-MM-DD) required'
  if (age < 0 || age > 125) return `age ${age} out of range`
  const orecText = code(r.orec)
  const orec = orecText !== '' ? orecText : age >= 65 ? '0' : '1'
  const dual =
    typeof r.dual === 'number'
      ? normalizeDual(String(r.dual))
      : normalizeDual(typeof r.dual === 'string' ? r.dual : null)
  return { age, sex, orec, dual, lti: r.lti === true, newEnrollee: r.ne === true, snp: r.snp === true }
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}
