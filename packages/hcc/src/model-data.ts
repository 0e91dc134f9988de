// Shape of the generated table modules in packages/hcc/src/tables (written by scripts/build-tables.ts).
// The tables are plain data so the engine itself stays free of I/O.

export type ModelVersion = 'V24' | 'V28'
export type PaymentYear = 2024 | 2025 | 2026
export type TermKind =
  'demographic' | 'demographic_interaction' | 'disease' | 'disease_interaction' | 'disease_count'

/** One model variable: [name, kind, label, ...coefficients in thousandths, one per segment]. */
export type VariableRow = readonly [string, TermKind, string, ...number[]]

/** Age/sex edit applied to a diagnosis code before the hierarchy (CMS edit macros). */
export interface AgeSexEdit {
  readonly codes: readonly string[]
  /** The edit applies only to this sex. */
  readonly sex?: 'F' | 'M'
  /** The edit applies only when age >= minAge. */
  readonly minAge?: number
  /** The edit applies only when age <= maxAge. */
  readonly maxAge?: number
  /** invalid: the code maps to no CC; override: the code maps to `cc` instead. */
  readonly action: 'invalid' | 'override'
  readonly cc?: number
  readonly rule: string
}

export interface MappingTableInfo {
  readonly paymentYear: PaymentYear
  /** Calendar year of the dates of service (PY - 1). */
  readonly serviceYear: number
  /** ICD-10-CM fiscal years whose codes the table covers. */
  readonly icd10FiscalYears: readonly string[]
  readonly source: string
  readonly codes: number
}

export interface ModelData {
  readonly model: ModelVersion
  readonly modelName: string
  readonly segments: readonly string[]
  readonly variables: readonly VariableRow[]
  /** Parent CC -> children deleted when the parent is present (transitive already). */
  readonly hierarchy: Readonly<Record<string, readonly number[]>>
  readonly edits: readonly AgeSexEdit[]
  readonly mappingYears: readonly MappingTableInfo[]
  /**
   * ICD-10 -> CC mapping for every payment year, grouped: one line per (CC, year mask):
   * `<mask> <cc> <code> <code> ...`; bit i of the mask = mappingYears[i]. A code that maps to
   * two CCs appears in two lines.
   */
  readonly mappingGroups: string
}

export interface EligibleHcpcsData {
  readonly years: readonly number[]
  /** `<mask> <code> <code> ...` per line; bit i of the mask = years[i]. */
  readonly groups: string
  readonly source: string
}
