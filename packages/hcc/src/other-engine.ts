// Shared machinery of the RxHCC V08 and ESRD V24 models: tables compiled once into typed arrays,
// ICD-10 -> category lookup with optional age/sex edits, the hierarchy and a trace for the
// explanation. Like engine.ts, the scratch buffers are module-level (scoring is synchronous) and
// every entry point leaves them clean.
import { CodeTable, encodeCode, lastCodeWasCanonical } from './code-table.ts'
import { normalizeCode } from './engine.ts'
import type { TermKind } from './model-data.ts'
import type { OtherModelData } from './other-model-data.ts'

export const CAT_LIMIT = 1024
/** Set on a code's packed value when an age/sex edit may change what it maps to. */
export const EDIT_FLAG = 1 << 21
const MAX_CAT = CAT_LIMIT - 1

export interface CompiledOther {
  readonly data: OtherModelData
  readonly prefix: string
  readonly segmentIndex: ReadonlyMap<string, number>
  readonly varNames: readonly string[]
  readonly varLabels: readonly string[]
  readonly varKinds: readonly TermKind[]
  readonly varIndex: ReadonlyMap<string, number>
  /** weights[segment][variable] in thousandths. */
  readonly weights: readonly Int32Array[]
  /** Variable index of <prefix><n>, or -1. */
  readonly catVar: Int16Array
  readonly children: ReadonlyArray<Uint16Array | undefined>
  readonly table: CodeTable
}

/**
 * `editCodes` are codes an age/sex edit may change; a code missing from the mapping that an edit
 * can map (ESRD's F34.81) is added with no category of its own.
 */
export function compileOther(
  data: OtherModelData,
  prefix: string,
  editCodes: readonly string[],
): CompiledOther {
  const varNames = data.variables.map((v) => v[0])
  const varIndex = new Map(varNames.map((n, i) => [n, i]))
  const catVar = new Int16Array(CAT_LIMIT).fill(-1)
  const pattern = new RegExp(`^${prefix}(\\d+)$`)
  varNames.forEach((n, i) => {
    const m = pattern.exec(n)
    if (m) catVar[Number(m[1])] = i
  })
  const children: Array<Uint16Array | undefined> = new Array(CAT_LIMIT).fill(undefined)
  for (const [parent, kids] of Object.entries(data.hierarchy))
    children[Number(parent)] = Uint16Array.from(kids)
  const packed = new Map<string, number>()
  for (const line of data.mapping.split('\n')) {
    const [cc, ...codes] = line.split(' ')
    for (const code of codes) {
      const prev = packed.get(code)
      packed.set(code, prev === undefined ? Number(cc) : prev + Number(cc) * CAT_LIMIT)
    }
  }
  for (const code of editCodes) packed.set(code, (packed.get(code) ?? 0) | EDIT_FLAG)
  return {
    data,
    prefix,
    segmentIndex: new Map(data.segments.map((s, i) => [s, i])),
    varNames,
    varLabels: data.variables.map((v) => v[2]),
    varKinds: data.variables.map((v) => v[1]),
    varIndex,
    weights: data.segments.map((_, s) => Int32Array.from(data.variables, (v) => Number(v[3 + s] ?? 0))),
    catVar,
    children,
    table: new CodeTable(packed),
  }
}

export function mustVar(m: CompiledOther, name: string): number {
  const i = m.varIndex.get(name)
  if (i === undefined) throw new Error(`${m.data.model} tables: variable ${name} missing`)
  return i
}

export function mustScore(m: CompiledOther, key: string): number {
  const s = m.data.scores[key]
  if (s === undefined) throw new Error(`${m.data.model} tables: score ${key} missing`)
  return s
}

/** Decides what an edit-flagged code maps to: packed categories (cc1 + cc2 * 1024), 0 for none. */
export type EditRule = (key: number, packed: number) => number

/** (category, code) pairs and the codes that mapped to nothing or were edited, for the explanation. */
export interface OtherTrace {
  cats: number[]
  codes: string[]
  unmapped: string[]
  edited: string[]
}

export function newTrace(): OtherTrace {
  return { cats: [], codes: [], unmapped: [], edited: [] }
}

const PRESENT = 1
const DROPPED = 2
const state = new Uint8Array(CAT_LIMIT)
const catBuf = new Int16Array(CAT_LIMIT)
let catCount = 0
const payBuf = new Int16Array(CAT_LIMIT)

function addCat(cat: number, code: string, trace: OtherTrace | null): void {
  if (cat === 0) return
  if (state[cat] === 0) {
    state[cat] = PRESENT
    catBuf[catCount++] = cat
  }
  if (trace) {
    for (let i = 0; i < trace.cats.length; i++) if (trace.cats[i] === cat && trace.codes[i] === code) return
    trace.cats.push(cat)
    trace.codes.push(code)
  }
}

/**
 * Maps the codes, applies the hierarchy and returns the number of categories left, ascending, in
 * `paymentCategories()`. Only categories with a variable in the model count.
 */
export function collectCategories(
  m: CompiledOther,
  codes: readonly unknown[],
  edit: EditRule | null,
  trace: OtherTrace | null,
): number {
  catCount = 0
  for (let i = 0; i < codes.length; i++) {
    const rawCode = codes[i]
    if (typeof rawCode !== 'string') continue
    let key = encodeCode(rawCode)
    let code = rawCode
    if (key < 0) key = encodeCode((code = normalizeCode(rawCode)))
    else if (trace && !lastCodeWasCanonical()) code = normalizeCode(rawCode)
    let packed = key < 0 ? -1 : m.table.get(key)
    if (packed >= 0 && packed & EDIT_FLAG) {
      const before = packed & ~EDIT_FLAG
      packed = edit ? edit(key, before) : before
      if (trace && packed !== before && !trace.edited.includes(code)) trace.edited.push(code)
    }
    if (packed <= 0) {
      if (trace && code !== '' && !trace.edited.includes(code) && !trace.unmapped.includes(code))
        trace.unmapped.push(code)
      continue
    }
    addCat(packed & MAX_CAT, code, trace)
    addCat(packed >>> 10, code, trace)
  }
  // As CMS lists them: every parent present removes its listed children, whether or not a
  // higher parent removed the parent itself.
  for (let i = 0; i < catCount; i++) {
    const kids = m.children[catBuf[i] as number]
    if (!kids) continue
    for (let k = 0; k < kids.length; k++) {
      const kid = kids[k] as number
      if (state[kid] !== 0) state[kid] = DROPPED
    }
  }
  let n = 0
  for (let i = 0; i < catCount; i++) {
    const cat = catBuf[i] as number
    if (state[cat] === PRESENT && (m.catVar[cat] as number) >= 0) payBuf[n++] = cat
  }
  for (let i = 1; i < n; i++) {
    const x = payBuf[i] as number
    let j = i - 1
    while (j >= 0 && (payBuf[j] as number) > x) {
      payBuf[j + 1] = payBuf[j] as number
      j--
    }
    payBuf[j + 1] = x
  }
  return n
}

/** Categories left after the hierarchy (valid until the next call). */
export function paymentCategories(): Int16Array {
  return payBuf
}

/** Categories found before the hierarchy, in input order (valid until releaseOther). */
export function presentCategories(): Int16Array {
  return catBuf.subarray(0, catCount)
}

export function isDroppedCategory(cat: number): boolean {
  return state[cat] === DROPPED
}

export function releaseOther(): void {
  for (let i = 0; i < catCount; i++) state[catBuf[i] as number] = 0
  catCount = 0
}

export interface CategoryExplanation {
  /** Variable name, e.g. 'RXHCC30' or 'HCC85'. */
  variable: string
  number: number
  label: string
  /** Relative factor in the beneficiary's segment (0 where the segment does not price it). */
  coefficient: number
  /** Normalised codes that map to it. */
  diagnoses: string[]
  /** Categories present in the diagnoses that this one removed by hierarchy. */
  dropped: string[]
}

export interface DroppedCategory {
  variable: string
  number: number
  label: string
  droppedBy: string[]
  diagnoses: string[]
}

/** Payment categories and those the hierarchy removed, read from the buffers before releaseOther. */
export function explainCategories(
  m: CompiledOther,
  w: Int32Array,
  count: number,
  trace: OtherTrace,
): { kept: CategoryExplanation[]; dropped: DroppedCategory[] } {
  const name = (cat: number): string => `${m.prefix}${cat}`
  const label = (cat: number): string => m.varLabels[m.catVar[cat] as number] ?? name(cat)
  const codesOf = (cat: number): string[] => trace.codes.filter((_, i) => trace.cats[i] === cat)
  const present = [...presentCategories()].filter((cat) => (m.catVar[cat] as number) >= 0)
  const removes = (parent: number, kid: number): boolean => m.children[parent]?.includes(kid) ?? false
  const kept = [...paymentCategories().subarray(0, count)].map((cat) => ({
    variable: name(cat),
    number: cat,
    label: label(cat),
    coefficient: (w[m.catVar[cat] as number] as number) / 1000,
    diagnoses: codesOf(cat),
    dropped: present.filter((kid) => isDroppedCategory(kid) && removes(cat, kid)).map(name),
  }))
  const dropped = present
    .filter((cat) => isDroppedCategory(cat))
    .sort((a, b) => a - b)
    .map((cat) => ({
      variable: name(cat),
      number: cat,
      label: label(cat),
      droppedBy: present.filter((p) => removes(p, cat)).map(name),
      diagnoses: codesOf(cat),
    }))
  return { kept, dropped }
}
