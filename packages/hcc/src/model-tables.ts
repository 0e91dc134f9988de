// Turns the generated table modules into flat typed arrays and Maps, once per model and payment
// year, so scoring does no string building or object allocation per beneficiary.
import { V24_DATA } from './tables/v24.ts'
import { V28_DATA } from './tables/v28.ts'
import type { AgeSexEdit, ModelData, ModelVersion, PaymentYear, TermKind } from './model-data.ts'
import { CodeTable, encodeCode } from './code-table.ts'
import { interactionsFor } from './interactions.ts'

/** CC numbers are below 1024; a code's CCs are packed as cc1 + cc2 * 1024, plus EDIT_FLAG when an edit may apply. */
export const CC_LIMIT = 1024
export const EDIT_FLAG = 1 << 21
export const DISABLED_BIT = 1 << 30

export interface CompiledInteraction {
  variable: number
  /** Group bits that must all be present (DISABLED_BIT included for DISABLED_* terms). */
  need: number
}

export interface CompiledModel {
  readonly model: ModelVersion
  readonly data: ModelData
  readonly segments: readonly string[]
  readonly segmentIndex: ReadonlyMap<string, number>
  readonly varNames: readonly string[]
  readonly varLabels: readonly string[]
  readonly varKinds: readonly TermKind[]
  readonly varIndex: ReadonlyMap<string, number>
  /** weights[segment][variable] in thousandths. */
  readonly weights: readonly Int32Array[]
  /** Variable index of HCC<cc>, or -1. */
  readonly ccVar: Int16Array
  readonly children: ReadonlyArray<Uint16Array | undefined>
  readonly groupBits: Int32Array
  readonly interactions: readonly CompiledInteraction[]
  /** countVar[n] = variable index of D<n> (n 1..9) or D10P (n >= 10). */
  readonly countVar: Int16Array
  /** [sex 0=F 1=M][age 0..95] -> age/sex cell variable; NE cells separately. */
  readonly cellVar: readonly Int16Array[]
  readonly neCellVar: readonly Int16Array[]
  readonly origDisVar: readonly [number, number]
  readonly ltiMedicaidVar: number
  readonly edits: ReadonlyMap<string, readonly AgeSexEdit[]>
  /** The same edits keyed by encoded code (see code-table.ts). */
  readonly editsByKey: ReadonlyMap<number, readonly AgeSexEdit[]>
}

const DATA: Record<ModelVersion, ModelData> = { V24: V24_DATA, V28: V28_DATA }
const compiled = new Map<ModelVersion, CompiledModel>()
const mappings = new Map<number, ReadonlyMap<string, number>>()
const codeTables = new Map<number, CodeTable>()

export function getModel(model: ModelVersion): CompiledModel {
  let m = compiled.get(model)
  if (!m) {
    m = compileModel(DATA[model])
    compiled.set(model, m)
  }
  return m
}

/** ICD-10 -> packed CCs for the model and payment year. */
export function getMapping(model: ModelVersion, paymentYear: PaymentYear): ReadonlyMap<string, number> {
  // Numeric key: no string building on the hot path.
  const key = (model === 'V24' ? 0 : 10000) + paymentYear
  let map = mappings.get(key)
  if (!map) {
    map = decodeMapping(getModel(model), paymentYear)
    mappings.set(key, map)
  }
  return map
}

const infoCache = new Map<string, string>()

export function mappingInfo(model: ModelVersion, paymentYear: PaymentYear): string {
  const key = `${model}:${paymentYear}`
  let text = infoCache.get(key)
  if (text === undefined) {
    text = describeMapping(model, paymentYear)
    infoCache.set(key, text)
  }
  return text
}

function describeMapping(model: ModelVersion, paymentYear: PaymentYear): string {
  const info = DATA[model].mappingYears.find((y) => y.paymentYear === paymentYear)
  if (!info) return `${model}: no mapping for PY${paymentYear}`
  return `${model} PY${paymentYear} ICD-10-CM ${info.icd10FiscalYears.join('+')} (${info.codes} codes; ${info.source})`
}

/** The hot-path lookup table for the model and payment year (same content as getMapping). */
export function getCodeTable(model: ModelVersion, paymentYear: PaymentYear): CodeTable {
  const key = (model === 'V24' ? 0 : 10000) + paymentYear
  let table = codeTables.get(key)
  if (!table) {
    table = new CodeTable(getMapping(model, paymentYear))
    codeTables.set(key, table)
  }
  return table
}

function decodeMapping(model: CompiledModel, paymentYear: PaymentYear): Map<string, number> {
  const bit = model.data.mappingYears.findIndex((y) => y.paymentYear === paymentYear)
  const map = new Map<string, number>()
  if (bit < 0) return map
  for (const line of model.data.mappingGroups.split('\n')) {
    const parts = line.split(' ')
    if ((Number(parts[0]) & (1 << bit)) === 0) continue
    const cc = Number(parts[1])
    for (let i = 2; i < parts.length; i++) {
      const code = parts[i] as string
      const prev = map.get(code)
      const flag = model.edits.has(code) ? EDIT_FLAG : 0
      map.set(code, prev === undefined ? cc | flag : prev + cc * CC_LIMIT)
    }
  }
  return map
}

function compileModel(data: ModelData): CompiledModel {
  const varNames = data.variables.map((v) => v[0])
  const varIndex = new Map(varNames.map((n, i) => [n, i]))
  const weights = data.segments.map((_, s) => Int32Array.from(data.variables, (v) => Number(v[3 + s] ?? 0)))
  const ccVar = new Int16Array(CC_LIMIT).fill(-1)
  varNames.forEach((n, i) => {
    if (/^HCC\d+$/.test(n)) ccVar[Number(n.slice(3))] = i
  })
  const children: Array<Uint16Array | undefined> = new Array(CC_LIMIT).fill(undefined)
  for (const [parent, kids] of Object.entries(data.hierarchy))
    children[Number(parent)] = Uint16Array.from(kids)
  const inter = interactionsFor(data.model)
  const groupBits = new Int32Array(CC_LIMIT)
  inter.groups.forEach((ccs, g) => ccs.forEach((cc) => (groupBits[cc] = (groupBits[cc] ?? 0) | (1 << g))))
  const interactions = inter.terms.map((t) => ({ variable: mustVar(varIndex, t.variable), need: t.need }))
  const edits = new Map<string, AgeSexEdit[]>()
  for (const e of data.edits) for (const code of e.codes) edits.set(code, [...(edits.get(code) ?? []), e])
  return {
    model: data.model,
    data,
    segments: data.segments,
    segmentIndex: new Map(data.segments.map((s, i) => [s, i])),
    varNames,
    varLabels: data.variables.map((v) => v[2]),
    varKinds: data.variables.map((v) => v[1]),
    varIndex,
    weights,
    ccVar,
    children,
    groupBits,
    interactions,
    countVar: Int16Array.from({ length: 11 }, (_, n) =>
      n === 0 ? -1 : mustVar(varIndex, n >= 10 ? 'D10P' : `D${n}`),
    ),
    cellVar: ['F', 'M'].map((sex) =>
      Int16Array.from({ length: 96 }, (_, age) => mustVar(varIndex, `${sex}${ageBand(age, false)}`)),
    ),
    neCellVar: ['F', 'M'].map((sex) =>
      Int16Array.from({ length: 96 }, (_, age) => mustVar(varIndex, `NE${sex}${ageBand(age, true)}`)),
    ),
    origDisVar: [
      mustVar(varIndex, 'OriginallyDisabled_Female'),
      mustVar(varIndex, 'OriginallyDisabled_Male'),
    ],
    ltiMedicaidVar: mustVar(varIndex, 'LTIMCAID'),
    edits,
    editsByKey: new Map([...edits].map(([code, list]) => [encodeCode(code), list])),
  }
}

function mustVar(index: ReadonlyMap<string, number>, name: string): number {
  const i = index.get(name)
  if (i === undefined) throw new Error(`HCC tables: variable ${name} missing`)
  return i
}

const BANDS: ReadonlyArray<readonly [number, string]> = [
  [35, '0_34'],
  [45, '35_44'],
  [55, '45_54'],
  [60, '55_59'],
  [65, '60_64'],
  [70, '65_69'],
  [75, '70_74'],
  [80, '75_79'],
  [85, '80_84'],
  [90, '85_89'],
  [95, '90_94'],
]

/** CMS age band; new-enrollee cells use single years 65-69. */
export function ageBand(age: number, newEnrollee: boolean): string {
  if (newEnrollee && age >= 65 && age <= 69) return String(age)
  for (const [upper, name] of BANDS) if (age < upper) return name
  return '95_GT'
}

/** Every ICD-10-CM code the model maps for the payment year (e.g. for pickers and test data). */
export function mappedCodes(model: ModelVersion, paymentYear: PaymentYear): string[] {
  return [...getMapping(model, paymentYear).keys()]
}
