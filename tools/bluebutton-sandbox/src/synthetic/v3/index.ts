// The v3 view of a beneficiary's resources, built from the v2 ones on first use and kept as long as they are.
import type { FhirResource } from '../fhir.ts'
import { eobV3 } from './eob-v3.ts'
import { coverageV3, patientV3 } from './patient-coverage-v3.ts'

const views = new WeakMap<object, unknown>()

function cached<V>(key: object, make: () => V): V {
  if (!views.has(key)) views.set(key, make())
  return views.get(key) as V
}

export const patientOfV3 = (v2: FhirResource): FhirResource => cached(v2, () => patientV3(v2))
export const coverageOfV3 = (v2: readonly FhirResource[]): readonly FhirResource[] =>
  cached(v2, () => coverageV3(v2))
export const eobOfV3 = (v2: FhirResource): FhirResource => cached(v2, () => eobV3(v2))
