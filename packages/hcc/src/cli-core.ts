// Pure parts of the CLI (argument parsing, one JSON line -> one CSV row), kept apart from the
// stream plumbing in cli.ts so they can be tested and benchmarked in-process.
import { ageOnFeb1, normalizeDual, type DemographicInput } from './demographics.ts'
import type { ModelVersion, PaymentYear } from './model-data.ts'
import { formatThousandths, isPaymentYear } from './payment.ts'
import { scoreCompact } from './score.ts'

export interface CliOptions {
  model: ModelVersion
  paymentYear: PaymentYear
}

export const USAGE = `usage: npm run hcc -- --model V28|V24 --payment-year 2024|2025|2026 < input.jsonl > output.csv
input: one JSON object per line: {"id", "age" (on 1 Feb) or "birth_date", "sex" F|M, "orec", "dual", "lti", "ne", "dx": [codes]}
output: CSV id,segment,raw_score,payment_hccs (payment HCCs space-separated, ascending)`

export const CSV_HEADER = 'id,segment,raw_score,payment_hccs'

export type ParsedArgs = { ok: true; options: CliOptions } | { ok: false; error: string | null }

/** error null = --help. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let model: string = 'V28'
  let year: string = '2026'
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined]
    if (flag === '--help' || flag === '-h') return { ok: false, error: null }
    if (flag !== '--model' && flag !== '--payment-year')
      return { ok: false, error: `unknown argument: ${arg}` }
    const value = inline ?? argv[++i]
    if (value === undefined) return { ok: false, error: `${flag} needs a value` }
    if (flag === '--model') model = value.toUpperCase()
    else year = value
  }
  if (model !== 'V24' && model !== 'V28')
    return { ok: false, error: `--model must be V24 or V28, got ${model}` }
  const paymentYear = Number(year)
  if (!isPaymentYear(paymentYear))
    return { ok: false, error: `--payment-year must be 2024, 2025 or 2026, got ${year}` }
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
  const score = scoreCompact(demo, dx, options)
  return {
    ok: true,
    row: `${csvField(id)},${score.segment},${formatThousandths(score.rawThousandths)},${formatHccs(score.hccs)}`,
  }
}

function formatHccs(hccs: readonly number[]): string {
  let out = ''
  for (let i = 0; i < hccs.length; i++) out += (i === 0 ? 'HCC' : ' HCC') + String(hccs[i])
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
  const orecText =
    typeof r.orec === 'number' ? String(r.orec) : typeof r.orec === 'string' ? r.orec.trim() : ''
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
