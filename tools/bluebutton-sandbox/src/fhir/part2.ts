import type { FhirResource, JsonObject } from '../synthetic/fhir.ts'

// Blue Button's value for `_security:not` when an enrollee did not share Part 2 records.
export const PART2_LABEL = '42CFRPart2'

// Alcohol and drug use disorders (ICD-10-CM F10–F19), the diagnoses 42 CFR Part 2 records are about;
// nicotine dependence (F17) is left out: tobacco treatment is not a Part 2 program.
const SUBSTANCE_USE = /^F1[0-689]/

const codesOf = (resource: FhirResource): string[] =>
  ((resource['diagnosis'] as JsonObject[] | undefined) ?? []).flatMap((d) =>
    (
      ((d['diagnosisCodeableConcept'] as JsonObject | undefined)?.['coding'] as JsonObject[] | undefined) ??
      []
    ).map((c) =>
      String(c['code'] ?? '')
        .replace('.', '')
        .toUpperCase(),
    ),
  )

const labelled = (resource: FhirResource): boolean =>
  (((resource['meta'] as JsonObject | undefined)?.['security'] as JsonObject[] | undefined) ?? []).some(
    (s) => s['code'] === PART2_LABEL,
  )

/** A claim BFD would label 42CFRPart2: it carries the label, or a substance use disorder diagnosis. */
export const isPart2Claim = (resource: FhirResource): boolean =>
  labelled(resource) || codesOf(resource).some((code) => SUBSTANCE_USE.test(code))
