import { CLAIM_TYPES, type ClaimType } from '../synthetic/eob-common.ts'

export type DateFilter = {
  readonly prefix: 'lt' | 'le' | 'gt' | 'ge'
  readonly raw: string
  readonly start: number
  readonly end: number
}
export type ParamResult<T> = { ok: true; value: T } | { ok: false; detail: string }

const ZONE = /(Z|[+-]\d{2}:\d{2})$/
const DATE = /^(lt|le|gt|ge)(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/

// Blue Button requires a comparison prefix on _lastUpdated and service-date.
export function parseDateFilters(name: string, values: readonly string[]): ParamResult<DateFilter[]> {
  const filters: DateFilter[] = []
  for (const raw of values) {
    const match = DATE.exec(raw)
    const time = match?.[3]
    const start = match
      ? Date.parse(`${match[2]}${time === undefined ? 'T00:00:00Z' : ZONE.test(time) ? time : `${time}Z`}`)
      : Number.NaN
    if (!match || Number.isNaN(start)) {
      return {
        ok: false,
        detail: `Invalid ${name} value '${raw}': it must start with one of the prefixes lt, le, gt, ge followed by a date (e.g. gt2024-01-01T00:00:00-05:00)`,
      }
    }
    // A bare date covers the whole day; a date-time is an instant.
    const end = time ? start + 1 : start + 86_400_000
    filters.push({ prefix: match[1] as DateFilter['prefix'], raw, start, end })
  }
  return { ok: true, value: filters }
}

export function matchesDates(valueMs: number, filters: readonly DateFilter[]): boolean {
  return filters.every((f) => {
    switch (f.prefix) {
      case 'lt':
        return valueMs < f.start
      case 'le':
        return valueMs < f.end
      case 'gt':
        return valueMs >= f.end
      case 'ge':
        return valueMs >= f.start
    }
  })
}

export function parseCount(raw: string | undefined): ParamResult<number> {
  if (raw === undefined) return { ok: true, value: 10 }
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (Number.isNaN(n) || n > 50)
    return { ok: false, detail: `Invalid _count value '${raw}': it must be an integer between 0 and 50` }
  return { ok: true, value: n }
}

export function parseStartIndex(raw: string | undefined): ParamResult<number> {
  if (raw === undefined) return { ok: true, value: 0 }
  if (!/^\d+$/.test(raw))
    return { ok: false, detail: `Invalid startIndex value '${raw}': it must be a non-negative integer` }
  return { ok: true, value: Number(raw) }
}

const TYPE_SYSTEM = 'https://bluebutton.cms.gov/resources/codesystem/eob-type|'

export function parseTypes(raw: string | undefined): ParamResult<ClaimType[] | undefined> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined }
  const types: ClaimType[] = []
  for (const part of raw.split(',')) {
    const code = (part.startsWith(TYPE_SYSTEM) ? part.slice(TYPE_SYSTEM.length) : part).trim().toLowerCase()
    if (!CLAIM_TYPES.includes(code as ClaimType)) {
      return {
        ok: false,
        detail: `Invalid type value '${part}': expected a comma-separated list of ${CLAIM_TYPES.join(', ')}`,
      }
    }
    types.push(code as ClaimType)
  }
  return { ok: true, value: types }
}
