// The scoring hot path: ICD-10 -> CC (with age/sex edits), hierarchy, interactions, count
// variable and the raw score, all in integer thousandths. Module-level scratch buffers are safe
// because scoring is synchronous; each call leaves them clean.
import { newEnrolleeCellAge, type Demographics } from './demographics.ts'
import type { AgeSexEdit } from './model-data.ts'
import { encodeCode, lastCodeWasCanonical, type CodeTable } from './code-table.ts'
import { CC_LIMIT, DISABLED_BIT, EDIT_FLAG, type CompiledModel } from './model-tables.ts'

const PRESENT = 1
const DROPPED = 2
const MAX_CC = CC_LIMIT - 1

// Fixed typed buffers with counts: resetting a JS array's length is a runtime call per reset.
const state = new Uint8Array(CC_LIMIT)
const ccBuf = new Int16Array(CC_LIMIT)
let ccCount = 0
const payBuf = new Int16Array(CC_LIMIT)
const interBuf = new Int16Array(64)
const demoBuf = new Int16Array(4)

/**
 * Optional trace used to build the explanation (the fast path passes null): parallel arrays of
 * (cc, code) pairs, codes that mapped to nothing and codes an age/sex edit changed.
 */
export interface Trace {
  ccs: number[]
  codes: string[]
  unmapped: string[]
  edited: Array<{ code: string; rule: string; cc: number | null }>
}

const sharedTrace: Trace = { ccs: [], codes: [], unmapped: [], edited: [] }

/** The shared trace, emptied; valid until the next scoring call. */
export function resetTrace(): Trace {
  sharedTrace.ccs.length = 0
  sharedTrace.codes.length = 0
  sharedTrace.unmapped.length = 0
  sharedTrace.edited.length = 0
  return sharedTrace
}

/** Trim, upper-case, drop dots. */
export function normalizeCode(code: string): string {
  const c = code.trim().toUpperCase()
  return c.includes('.') ? c.replaceAll('.', '') : c
}

export interface CoreResult {
  raw: number
  /** Payment HCC numbers, ascending, in hccs[0..hccCount) (shared buffer: copy before the next call). */
  hccs: Int16Array
  hccCount: number
  /** Interaction variable indexes that fired, in interactions[0..interactionCount). */
  interactions: Int16Array
  interactionCount: number
  cellVar: number
  /** Demographic interaction variables with a coefficient, in demoVars[0..demoCount). */
  demoVars: Int16Array
  demoCount: number
  countVar: number
}

const result: CoreResult = {
  raw: 0,
  hccs: payBuf,
  hccCount: 0,
  interactions: interBuf,
  interactionCount: 0,
  cellVar: -1,
  demoVars: demoBuf,
  demoCount: 0,
  countVar: -1,
}

/**
 * Scores one beneficiary. The state buffers stay filled until `releaseScratch` so the explanation
 * builder can read which CCs were present and dropped.
 */
export function scoreCore(
  m: CompiledModel,
  table: CodeTable,
  demo: Demographics,
  segIdx: number,
  codes: readonly unknown[],
  trace: Trace | null,
): CoreResult {
  collectCcs(m, table, demo, codes, trace)
  applyHierarchy(m)
  const w = m.weights[segIdx] as Int32Array
  let raw = demographicScore(m, demo, w)
  let n = 0
  let groups = demo.disabled ? DISABLED_BIT : 0
  for (let i = 0; i < ccCount; i++) {
    const cc = ccBuf[i] as number
    if (state[cc] !== PRESENT) continue
    const v = m.ccVar[cc] as number
    if (v < 0) continue
    payBuf[n++] = cc
    raw += w[v] as number
    groups |= m.groupBits[cc] as number
  }
  sortSmall(payBuf, n)
  result.hccCount = n
  let fired = 0
  for (const it of m.interactions) {
    if ((groups & it.need) !== it.need) continue
    const c = w[it.variable] as number
    if (c === 0) continue
    interBuf[fired++] = it.variable
    raw += c
  }
  result.interactionCount = fired
  result.countVar = n === 0 ? -1 : (m.countVar[n > 10 ? 10 : n] as number)
  if (result.countVar >= 0) raw += w[result.countVar] as number
  result.raw = raw
  return result
}

/** Insertion sort of list[0..n): a handful of HCCs, where this beats a general sort. */
function sortSmall(list: Int16Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const x = list[i] as number
    let j = i - 1
    while (j >= 0 && (list[j] as number) > x) {
      list[j + 1] = list[j] as number
      j--
    }
    list[j + 1] = x
  }
}

function demographicScore(m: CompiledModel, demo: Demographics, w: Int32Array): number {
  const ne = demo.newEnrolleeSegment
  const age = ne ? newEnrolleeCellAge(demo.age, demo.orec) : demo.age
  const idx = age < 0 ? 0 : age > 95 ? 95 : age
  const cell = ((ne ? m.neCellVar : m.cellVar)[demo.sexIndex] as Int16Array)[idx] as number
  result.cellVar = cell
  let raw = w[cell] as number
  result.demoCount = 0
  if (demo.originallyDisabled) raw += addDemo(m.origDisVar[demo.sexIndex], w)
  if (demo.medicaid) raw += addDemo(m.ltiMedicaidVar, w)
  return raw
}

function addDemo(v: number, w: Int32Array): number {
  const c = w[v] as number
  if (c !== 0) demoBuf[result.demoCount++] = v
  return c
}

function collectCcs(
  m: CompiledModel,
  table: CodeTable,
  demo: Demographics,
  codes: readonly unknown[],
  trace: Trace | null,
): void {
  ccCount = 0
  for (let i = 0; i < codes.length; i++) {
    const rawCode = codes[i]
    if (typeof rawCode !== 'string') continue
    let key = encodeCode(rawCode)
    let code = rawCode
    // Spaces or other characters: normalise the string properly and try again.
    if (key < 0) key = encodeCode((code = normalizeCode(rawCode)))
    else if (trace && !lastCodeWasCanonical()) code = normalizeCode(rawCode)
    let packed = key < 0 ? -1 : table.get(key)
    if (trace) {
      if (packed < 0) {
        if (code !== '' && !trace.unmapped.includes(code)) trace.unmapped.push(code)
        continue
      }
      if (packed & EDIT_FLAG) packed = applyEdits(m, key, code, packed & ~EDIT_FLAG, demo, trace)
      addCc(packed & MAX_CC, code, trace)
      addCc(packed >>> 10, code, trace)
      continue
    }
    if (packed < 0) continue
    if (packed & EDIT_FLAG) packed = applyEdits(m, key, '', packed & ~EDIT_FLAG, demo, null)
    addCc(packed & MAX_CC, '', null)
    addCc(packed >>> 10, '', null)
  }
}

function addCc(cc: number, code: string, trace: Trace | null): void {
  if (cc === 0) return
  if (state[cc] === 0) {
    state[cc] = PRESENT
    ccBuf[ccCount++] = cc
  }
  if (trace) {
    for (let i = 0; i < trace.ccs.length; i++) if (trace.ccs[i] === cc && trace.codes[i] === code) return
    trace.ccs.push(cc)
    trace.codes.push(code)
  }
}

function applyEdits(
  m: CompiledModel,
  key: number,
  code: string,
  packed: number,
  demo: Demographics,
  trace: Trace | null,
): number {
  const edit = (m.editsByKey.get(key) ?? []).find((e) => editApplies(e, demo))
  if (!edit) return packed
  const cc = edit.action === 'override' ? (edit.cc ?? 0) : 0
  if (trace && !trace.edited.some((e) => e.code === code))
    trace.edited.push({ code, rule: edit.rule, cc: cc === 0 ? null : cc })
  return cc
}

function editApplies(e: AgeSexEdit, demo: Demographics): boolean {
  if (e.sex !== undefined && e.sex !== demo.sex) return false
  if (e.minAge !== undefined && demo.age < e.minAge) return false
  if (e.maxAge !== undefined && demo.age > e.maxAge) return false
  return true
}

const V28_HF_SIBLINGS = [221, 222, 224, 225, 226]

function applyHierarchy(m: CompiledModel): void {
  // V28 patch (CMS V28 software): HCC223 only counts alongside another heart-failure HCC.
  if (m.model === 'V28' && state[223] === PRESENT && !V28_HF_SIBLINGS.some((cc) => state[cc] !== 0))
    state[223] = DROPPED
  // The table lists transitive children, so one pass over the original set is enough.
  for (let i = 0; i < ccCount; i++) {
    const cc = ccBuf[i] as number
    const kids = m.children[cc]
    if (!kids) continue
    for (let k = 0; k < kids.length; k++) {
      const kid = kids[k] as number
      if (state[kid] !== 0) state[kid] = DROPPED
    }
  }
}

/** CCs found in the diagnoses (before the hierarchy), in input order. Valid until releaseScratch. */
export function presentCcs(): Int16Array {
  return ccBuf.subarray(0, ccCount)
}

export function isDropped(cc: number): boolean {
  return state[cc] === DROPPED
}

/** Clears the per-call state; every entry point calls it when done. */
export function releaseScratch(): void {
  for (let i = 0; i < ccCount; i++) state[ccBuf[i] as number] = 0
  ccCount = 0
}
