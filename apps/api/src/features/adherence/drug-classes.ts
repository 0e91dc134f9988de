// Which Part D fills count for the three Part D Star adherence measures. Blue Button names a fill's drug as
// "Product - NONPROPRIETARY NAME" (kept by @blueconsent/bluebutton as one clean name such as
// "Januvia (Sitagliptin Phosphate)"), so a fill is classified by the active ingredients its name carries.
// PQA's own medication lists are NDC lists under licence; the ingredients below are the classes those lists
// are built from, as the public measure descriptions name them.
//
// Sources (reviewed 2026-11-27):
// - Pharmacy Quality Alliance, "Adherence to Non-Insulin Diabetes Medications (PDC-DR)", "Adherence to
//   Renin Angiotensin System Antagonists (PDC-RASA)" and "Adherence to Statins (PDC-STA)" measure summaries,
//   https://www.pqaalliance.org/adherence-measures
// - CMS, "Medicare 2026 Part C & D Star Ratings Technical Notes", measures D08 (diabetes medications),
//   D09 (hypertension, RAS antagonists) and D10 (cholesterol, statins), with their exclusions:
//   https://www.cms.gov/medicare/health-drug-plans/part-c-d-performance-data
// - FDA Orange Book / DailyMed for ingredient spellings as Part D events carry them.

export const ADHERENCE_MEASURES = ['diabetes', 'ras', 'statins'] as const
export type AdherenceMeasure = (typeof ADHERENCE_MEASURES)[number]

export type MeasureDefinition = {
  measure: AdherenceMeasure
  /** The Star measure's name as CMS prints it. */
  label: string
  /** Lower-case active ingredients; a fill counts when its name contains one as a word. */
  ingredients: readonly string[]
  /** A patient with any fill of these in the year is left out of the measure (PQA's exclusions). */
  excludedWhenFilled: readonly string[]
  /** Products of a counted ingredient that the measure does not count (weight-loss-only GLP-1 brands). */
  notCounted: readonly string[]
}

export const MEASURES: readonly MeasureDefinition[] = [
  {
    measure: 'diabetes',
    label: 'Diabetes medications (non-insulin)',
    ingredients: [
      // biguanides
      'metformin',
      // sulfonylureas
      'chlorpropamide',
      'glimepiride',
      'glipizide',
      'glyburide',
      'tolazamide',
      'tolbutamide',
      // thiazolidinediones
      'pioglitazone',
      'rosiglitazone',
      // DPP-4 inhibitors
      'alogliptin',
      'linagliptin',
      'saxagliptin',
      'sitagliptin',
      // GLP-1 receptor agonists (and the GIP/GLP-1 agonist)
      'dulaglutide',
      'exenatide',
      'liraglutide',
      'lixisenatide',
      'semaglutide',
      'tirzepatide',
      // meglitinides
      'nateglinide',
      'repaglinide',
      // SGLT2 inhibitors
      'bexagliflozin',
      'canagliflozin',
      'dapagliflozin',
      'empagliflozin',
      'ertugliflozin',
    ],
    // Patients on insulin are excluded from the diabetes measure.
    excludedWhenFilled: ['insulin'],
    // GLP-1 products approved only for weight management are not on the measure's list.
    notCounted: ['wegovy', 'saxenda', 'zepbound'],
  },
  {
    measure: 'ras',
    label: 'Hypertension (RAS antagonists)',
    ingredients: [
      // ACE inhibitors
      'benazepril',
      'captopril',
      'enalapril',
      'fosinopril',
      'lisinopril',
      'moexipril',
      'perindopril',
      'quinapril',
      'ramipril',
      'trandolapril',
      // angiotensin receptor blockers
      'azilsartan',
      'candesartan',
      'eprosartan',
      'irbesartan',
      'losartan',
      'olmesartan',
      'telmisartan',
      'valsartan',
      // direct renin inhibitor
      'aliskiren',
    ],
    // Patients filling sacubitril/valsartan (Entresto, for heart failure) are excluded.
    excludedWhenFilled: ['sacubitril'],
    notCounted: [],
  },
  {
    measure: 'statins',
    label: 'Cholesterol (statins)',
    ingredients: [
      'atorvastatin',
      'fluvastatin',
      'lovastatin',
      'pitavastatin',
      'pravastatin',
      'rosuvastatin',
      'simvastatin',
    ],
    excludedWhenFilled: [],
    notCounted: [],
  },
]

const wordsOf = (name: string): Set<string> =>
  new Set(
    name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  )

/** The counted ingredients a drug name carries for one measure, sorted (a combination has several). */
export function countedIngredients(definition: MeasureDefinition, drugName: string | null): string[] {
  if (!drugName) return []
  const words = wordsOf(drugName)
  if (definition.notCounted.some((brand) => words.has(brand))) return []
  return definition.ingredients.filter((ingredient) => words.has(ingredient))
}

/** Whether a drug name carries one of the measure's excluding ingredients (insulin, sacubitril). */
export function excludesFromMeasure(definition: MeasureDefinition, drugName: string | null): boolean {
  if (!drugName) return false
  const words = wordsOf(drugName)
  return definition.excludedWhenFilled.some((ingredient) => words.has(ingredient))
}
