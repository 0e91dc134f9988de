// FHIR-shaped readers shared by the mappers: codings, extensions, dates, references, NPIs.
import {
  asFiniteNumber,
  asObject,
  asObjects,
  asString,
  field,
  isIgnoredField,
  type JsonObject,
} from './json.ts'
import type { IssueLog } from './issues.ts'

export const BB_VARIABLES = 'https://bluebutton.cms.gov/resources/variables/'
export const BB_ADJUDICATION = 'https://bluebutton.cms.gov/resources/codesystem/adjudication'
export const SYSTEM_NDC = 'http://hl7.org/fhir/sid/ndc'
export const SYSTEM_US_NPI = 'http://hl7.org/fhir/sid/us-npi'
export const SYSTEM_DATA_ABSENT = 'http://hl7.org/fhir/StructureDefinition/data-absent-reason'
/** Blue Button v3 (BFD's v3 server) codes CMS's own columns under this prefix, e.g. `…/CLM-TYPE-CD`. */
export const V3_CODESYSTEM = 'https://bluebutton.cms.gov/fhir/CodeSystem/'

export interface Coding {
  system: string | null
  code: string | null
  display: string | null
}

export function codingsOf(codeableConcept: unknown): Coding[] {
  return asObjects(field(asObject(codeableConcept), 'coding')).map((coding) => ({
    system: asString(coding.system),
    code: asString(coding.code),
    display: cleanDisplay(coding.display),
  }))
}

/** Synthetic CMS displays sometimes arrive wrapped in literal quote characters. */
export function cleanDisplay(value: unknown): string | null {
  const text = asString(value)
  if (text === null) return null
  const unquoted = text.replace(/^["']+|["']+$/g, '').trim()
  return unquoted === '' ? null : unquoted
}

export function codeFrom(codeableConcept: unknown, system: string): Coding | null {
  return codingsOf(codeableConcept).find((coding) => coding.system === system && coding.code !== null) ?? null
}

export function hasCode(codeableConcept: unknown, code: string): boolean {
  return codingsOf(codeableConcept).some((coding) => coding.code === code)
}

/** Blue Button variable extensions: `https://bluebutton.cms.gov/resources/variables/{name}`. */
export function variableExtension(resource: JsonObject | null, name: string): JsonObject | null {
  const url = BB_VARIABLES + name
  return asObjects(field(resource, 'extension')).find((extension) => extension.url === url) ?? null
}

export function extensionCode(extension: JsonObject | null): string | null {
  if (!extension) return null
  return (
    asString(field(extension, 'valueCoding', 'code')) ??
    asString(field(extension, 'valueIdentifier', 'value')) ??
    asString(extension.valueString) ??
    asString(extension.valueDate)
  )
}

export function variableCode(resource: JsonObject | null, name: string): string | null {
  return extensionCode(variableExtension(resource, name))
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/

/** The calendar date part of a FHIR date or dateTime, or null (IGNORED_FIELD and junk reported). */
export function readDate(value: unknown, path: string, log: IssueLog): string | null {
  if (value === undefined || value === null) return null
  if (isIgnoredField(value)) {
    log.add(path, 'ignored_field', 'IGNORED_FIELD treated as absent')
    return null
  }
  const text = asString(value)
  const match = text === null ? null : DATE_PATTERN.exec(text)
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    log.add(path, 'invalid', `not a date: ${JSON.stringify(value).slice(0, 40)}`)
    return null
  }
  return `${match[1]}-${match[2]}-${match[3]}`
}

/** A FHIR instant/dateTime kept as given (for lastUpdated), IGNORED_FIELD dropped. */
export function readInstant(value: unknown, path: string, log: IssueLog): string | null {
  if (isIgnoredField(value)) {
    log.add(path, 'ignored_field', 'IGNORED_FIELD treated as absent')
    return null
  }
  const text = asString(value)
  if (text === null) return null
  if (Number.isNaN(Date.parse(text))) {
    log.add(path, 'invalid', 'not a date-time')
    return null
  }
  return text
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** ISO date + n days (n may be negative), in UTC so no DST drift. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days))
  return date.toISOString().slice(0, 10)
}

export interface Period {
  start: string | null
  end: string | null
}

export function readPeriod(value: unknown, path: string, log: IssueLog): Period {
  const period = asObject(value)
  return {
    start: readDate(period?.start, `${path}.start`, log),
    end: readDate(period?.end, `${path}.end`, log),
  }
}

/** `Patient/-2014...` → `-2014...`. */
export function referenceId(reference: unknown, resourceType: string): string | null {
  const text = asString(field(asObject(reference), 'reference'))
  if (text === null) return null
  const prefix = `${resourceType}/`
  const index = text.lastIndexOf(prefix)
  return index === -1 ? null : asString(text.slice(index + prefix.length))
}

export function readNumber(value: unknown): number | null {
  return asFiniteNumber(value)
}

/** NPI check digit: Luhn over the prefix 80840 + the first nine digits (CMS NPI standard). */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false
  const digits = `80840${npi.slice(0, 9)}`
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9])
}
