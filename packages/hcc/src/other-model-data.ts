// Shape of the generated RxHCC V08 and ESRD V24 table modules (written by scripts/build-tables.ts).
// One payment year each, so the mapping is a single table rather than year masks.
import type { VariableRow } from './model-data.ts'

export type OtherModelId = 'RxHCC-V08' | 'ESRD-V24'

export interface OtherModelData {
  readonly model: OtherModelId
  readonly modelName: string
  readonly paymentYear: 2026
  /** Coefficient columns, in the order of the coefficients in each variable row. */
  readonly segments: readonly string[]
  readonly variables: readonly VariableRow[]
  /** Parent category -> categories deleted when the parent is present (as CMS lists them). */
  readonly hierarchy: Readonly<Record<string, readonly number[]>>
  /** ICD-10 -> category, one line per category: `<category> <code> <code> ...`. */
  readonly mapping: string
  readonly mappingSource: string
  readonly codes: number
  /** Flat scores outside the coefficient table (ESRD graft duration, transplant months), in thousandths. */
  readonly scores: Readonly<Record<string, number>>
}
