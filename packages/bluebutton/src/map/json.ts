// Safe readers over untrusted JSON. The mappers accept `unknown` (whatever Blue Button sent, or
// arbitrary JSON in the property tests), so every access goes through these instead of casts.

export type JsonObject = Record<string, unknown>

// BFD's expected-response files carry this token where a value varies per run; it must read as absent.
export const IGNORED_FIELD = 'IGNORED_FIELD'

export function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

// A plain loop: this runs for every array of every resource, and flatMap's per-item arrays showed up
// as the top cost when profiling the mappers.
export function asObjects(value: unknown): JsonObject[] {
  if (!Array.isArray(value)) return []
  const objects: JsonObject[] = []
  for (const item of value) {
    const object = asObject(item)
    if (object) objects.push(object)
  }
  return objects
}

/** A trimmed non-empty string, or null. IGNORED_FIELD counts as absent. */
export function asString(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' || trimmed === IGNORED_FIELD ? null : trimmed
}

export function asFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim())
  return null
}

export function isIgnoredField(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === IGNORED_FIELD
}

export function field(object: JsonObject | null, ...path: string[]): unknown {
  let current: unknown = object
  for (const key of path) {
    const next = asObject(current)
    if (!next) return undefined
    current = next[key]
  }
  return current
}
