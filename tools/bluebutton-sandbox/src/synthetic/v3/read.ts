// Lenient reads of the v2 JSON the v3 views are built from (the synthetic builders' output and the fixtures).
import type { Json, JsonObject } from '../fhir.ts'

export const obj = (value: Json | undefined): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined

export const objects = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value)
    ? value.flatMap((item): JsonObject[] => {
        const found = obj(item)
        return found ? [found] : []
      })
    : []

export const str = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

/** The codings of a CodeableConcept. */
export const codings = (concept: Json | undefined): JsonObject[] => objects(obj(concept)?.['coding'])

/** The code of the first coding whose system passes `accepts`. */
export function codeIn(concept: Json | undefined, accepts: (system: string) => boolean): string | undefined {
  return str(codings(concept).find((c) => accepts(str(c['system']) ?? ''))?.['code'])
}

/** A Blue Button v2 variable's name from its URL (`…/resources/variables/clm_id` → `clm_id`). */
export const variableName = (url: string | undefined): string | undefined =>
  url?.startsWith('https://bluebutton.cms.gov/resources/variables/') ? url.slice(47) : undefined

/** The code a v2 extension of this variable carries. */
export function extensionCode(resource: JsonObject | undefined, variable: string): string | undefined {
  const found = objects(resource?.['extension']).find((e) => variableName(str(e['url'])) === variable)
  return str(obj(found?.['valueCoding'])?.['code'])
}
