// ICD-10 code -> packed CCs lookup for the hot path. Codes (at most 7 of [0-9A-Z]) are encoded as
// base-37 numbers while reading the string, which also upper-cases and skips dots, so the common
// inputs ('E119', 'e11.9') need no string allocation; the numbers live in typed arrays, so a
// lookup touches one small, cache-friendly table instead of scattered key strings.

const MAX_LEN = 7
const EMPTY = 0

let canonical = false

/** Base-37 key of a code, ignoring dots and case; -1 when the string needs full normalising. */
export function encodeCode(code: string): number {
  let key = 0
  let len = 0
  let clean = true
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i)
    let d: number
    if (c >= 48 && c <= 57)
      d = c - 47 // '0'-'9' -> 1..10
    else if (c >= 65 && c <= 90)
      d = c - 54 // 'A'-'Z' -> 11..36
    else if (c >= 97 && c <= 122) {
      d = c - 86 // 'a'-'z' -> 11..36
      clean = false
    } else if (c === 46) {
      clean = false // '.'
      continue
    } else return -1
    if (++len > MAX_LEN) return -1
    key = key * 37 + d
  }
  canonical = clean
  return len === 0 ? -1 : key
}

/** True when the string last encoded successfully was already normalised (upper case, no dots). */
export function lastCodeWasCanonical(): boolean {
  return canonical
}

function slotOf(key: number, mask: number): number {
  const lo = key >>> 0
  const hi = (key / 4294967296) | 0
  return (Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> 7) & mask
}

export class CodeTable {
  private readonly keys: Float64Array
  private readonly values: Int32Array
  private readonly mask: number

  constructor(entries: ReadonlyMap<string, number>) {
    let capacity = 16
    while (capacity < entries.size * 2) capacity *= 2
    this.keys = new Float64Array(capacity)
    this.values = new Int32Array(capacity)
    this.mask = capacity - 1
    for (const [code, value] of entries) {
      const key = encodeCode(code)
      if (key < 0) throw new Error(`HCC tables: cannot encode ${code}`)
      let s = slotOf(key, this.mask)
      while (this.keys[s] !== EMPTY) s = (s + 1) & this.mask
      this.keys[s] = key
      this.values[s] = value
    }
  }

  /** Packed CCs for an encoded key, or -1. */
  get(key: number): number {
    let s = slotOf(key, this.mask)
    for (;;) {
      const k = this.keys[s]
      if (k === key) return this.values[s] as number
      if (k === EMPTY) return -1
      s = (s + 1) & this.mask
    }
  }
}
