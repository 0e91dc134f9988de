// Disease interaction definitions (CMS software logic, not table data). Each group is a bit; an
// interaction is on when all its bits are present after the hierarchy. Whether a term pays in a
// segment comes from the coefficient table (0 = not in that segment's model).
import type { ModelVersion } from './model-data.ts'

const DISABLED = 1 << 30

interface InteractionSpec {
  groups: readonly (readonly number[])[]
  terms: ReadonlyArray<{ variable: string; need: number }>
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

function spec(
  groupDefs: Record<string, readonly number[]>,
  terms: Record<string, readonly string[]>,
): InteractionSpec {
  const names = Object.keys(groupDefs)
  const bit = (g: string): number => {
    if (g === 'DISABLED') return DISABLED
    const i = names.indexOf(g)
    if (i < 0) throw new Error(`unknown interaction group ${g}`)
    return 1 << i
  }
  return {
    groups: names.map((n) => groupDefs[n] ?? []),
    terms: Object.entries(terms).map(([variable, gs]) => ({
      variable,
      need: gs.reduce((m, g) => m | bit(g), 0),
    })),
  }
}

const V28 = spec(
  {
    CANCER: range(17, 23),
    DIABETES: range(35, 38),
    CARD_RESP_FAIL: range(211, 213),
    HF: range(221, 226),
    CHR_LUNG: range(276, 280),
    KIDNEY: range(326, 329),
    SUB_USE: range(135, 139),
    PSYCH: range(151, 155),
    NEURO: [180, 181, 182, 190, 191, 192, 195, 196, 198, 199],
    ULCER: range(379, 382),
    HCC238: [238],
  },
  {
    DIABETES_HF_V28: ['DIABETES', 'HF'],
    HF_CHR_LUNG_V28: ['HF', 'CHR_LUNG'],
    HF_KIDNEY_V28: ['HF', 'KIDNEY'],
    CHR_LUNG_CARD_RESP_FAIL_V28: ['CHR_LUNG', 'CARD_RESP_FAIL'],
    HF_HCC238_V28: ['HF', 'HCC238'],
    gSubUseDisorder_gPsych_V28: ['SUB_USE', 'PSYCH'],
    DISABLED_CANCER_V28: ['DISABLED', 'CANCER'],
    DISABLED_NEURO_V28: ['DISABLED', 'NEURO'],
    DISABLED_HF_V28: ['DISABLED', 'HF'],
    DISABLED_CHR_LUNG_V28: ['DISABLED', 'CHR_LUNG'],
    DISABLED_ULCER_V28: ['DISABLED', 'ULCER'],
  },
)

const V24 = spec(
  {
    CANCER: range(8, 12),
    DIABETES: range(17, 19),
    CARD_RESP_FAIL: range(82, 84),
    CHF: [85],
    COPD_CF: range(110, 112),
    RENAL: range(134, 138),
    SEPSIS: [2],
    SUB_USE: range(54, 56),
    PSYCH: range(57, 60),
    PRESSURE_ULCER: range(157, 159),
    HCC47: [47],
    HCC96: [96],
    HCC188: [188],
    HCC114: [114],
    HCC57: [57],
    HCC79: [79],
    HCC161: [161],
    HCC39: [39],
    HCC77: [77],
    HCC6: [6],
  },
  {
    HCC47_gCancer: ['HCC47', 'CANCER'],
    DIABETES_CHF: ['DIABETES', 'CHF'],
    CHF_gCopdCF: ['CHF', 'COPD_CF'],
    HCC85_gRenal_V24: ['CHF', 'RENAL'],
    gCopdCF_CARD_RESP_FAIL: ['COPD_CF', 'CARD_RESP_FAIL'],
    HCC85_HCC96: ['CHF', 'HCC96'],
    gSubstanceUseDisorder_gPsych: ['SUB_USE', 'PSYCH'],
    SEPSIS_PRESSURE_ULCER: ['SEPSIS', 'PRESSURE_ULCER'],
    SEPSIS_ARTIF_OPENINGS: ['SEPSIS', 'HCC188'],
    ART_OPENINGS_PRESS_ULCER: ['HCC188', 'PRESSURE_ULCER'],
    gCopdCF_ASP_SPEC_B_PNEUM: ['COPD_CF', 'HCC114'],
    ASP_SPEC_B_PNEUM_PRES_ULC: ['HCC114', 'PRESSURE_ULCER'],
    SEPSIS_ASP_SPEC_BACT_PNEUM: ['SEPSIS', 'HCC114'],
    SCHIZOPHRENIA_gCopdCF: ['HCC57', 'COPD_CF'],
    SCHIZOPHRENIA_CHF: ['HCC57', 'CHF'],
    SCHIZOPHRENIA_SEIZURES: ['HCC57', 'HCC79'],
    DISABLED_HCC85: ['DISABLED', 'CHF'],
    DISABLED_PRESSURE_ULCER: ['DISABLED', 'PRESSURE_ULCER'],
    DISABLED_HCC161: ['DISABLED', 'HCC161'],
    DISABLED_HCC39: ['DISABLED', 'HCC39'],
    DISABLED_HCC77: ['DISABLED', 'HCC77'],
    DISABLED_HCC6: ['DISABLED', 'HCC6'],
  },
)

export function interactionsFor(model: ModelVersion): InteractionSpec {
  return model === 'V28' ? V28 : V24
}

/** Group definitions exposed for the table-integrity tests. */
export function interactionGroups(model: ModelVersion): readonly (readonly number[])[] {
  return interactionsFor(model).groups
}
