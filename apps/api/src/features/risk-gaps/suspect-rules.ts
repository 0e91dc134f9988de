// The one table of drug-to-condition rules behind suspect gaps. A Part D event carries the drug as an NDC and
// Blue Button's display ("Proprietary - NONPROPRIETARY"), which the pull stores as one clean name; Part D data
// carries no RxNorm code. So a rule names its drug class by WHO ATC code and matches the fill by the active
// ingredients' nonproprietary (USAN) names as words of the stored name; a fill with no name matches nothing.
//
// A rule fires when the record has a fill of one of its drugs and no claim diagnosis (any year, any claim) that
// starts with one of its supporting ICD-10-CM prefixes. The suggested code is the least specific code of the
// implied condition, used only to price the gap; the clinician documents what the visit supports.
//
// Confidence: high when the drug's labelled indications are (almost) only the condition; medium when it has
// other labelled indications the supporting codes do not cover; low when off-label use is common.
// Reviewed against each drug's FDA label (Indications and Usage, DailyMed) and the WHO ATC/DDD Index 2025.
import type { Confidence } from '@blueconsent/contract/risk-gaps'

export type SuspectRule = {
  id: string
  condition: string
  drugClass: string
  /** Ingredient names (lower case), matched as whole words of the fill's drug name. */
  ingredients: readonly string[]
  /** Words that, when in the drug name, exclude the fill (e.g. a product used for prevention only). */
  excludeWhen?: readonly string[]
  /** ICD-10-CM prefixes (no dot) whose presence on any claim supports the condition. */
  supportedBy: readonly string[]
  /** ICD-10-CM code (no dot) used to price the gap. */
  suggestedCode: string
  confidence: Confidence
  rationale: string
  sources: readonly string[]
}

const FDA_LABELS = 'FDA prescribing information, Indications and Usage (dailymed.nlm.nih.gov)'
const ATC = (code: string) => `WHO ATC/DDD Index 2025, ${code} (atcddd.fhi.no)`

export const SUSPECT_RULES: readonly SuspectRule[] = [
  {
    id: 'insulin-diabetes',
    condition: 'Diabetes mellitus',
    drugClass: 'Insulins and analogues (ATC A10A)',
    ingredients: ['insulin', 'glargine', 'detemir', 'degludec', 'lispro', 'aspart', 'glulisine', 'isophane'],
    supportedBy: ['E08', 'E09', 'E10', 'E11', 'E13', 'O24'],
    suggestedCode: 'E119',
    confidence: 'high',
    rationale: 'Insulin is labelled only for glycaemic control in diabetes mellitus.',
    sources: [FDA_LABELS, ATC('A10A')],
  },
  {
    id: 'oral-antidiabetic-diabetes',
    condition: 'Diabetes mellitus',
    drugClass: 'Sulfonylureas, DPP-4 inhibitors, thiazolidinediones (ATC A10BB, A10BH, A10BG)',
    ingredients: [
      'glipizide',
      'glimepiride',
      'glyburide',
      'sitagliptin',
      'linagliptin',
      'saxagliptin',
      'alogliptin',
      'pioglitazone',
    ],
    supportedBy: ['E08', 'E09', 'E10', 'E11', 'E13'],
    suggestedCode: 'E119',
    confidence: 'high',
    rationale: 'Labelled only as an adjunct to diet and exercise in type 2 diabetes mellitus.',
    sources: [FDA_LABELS, ATC('A10BB, A10BH, A10BG')],
  },
  {
    id: 'metformin-diabetes',
    condition: 'Diabetes mellitus',
    drugClass: 'Biguanides (ATC A10BA)',
    ingredients: ['metformin'],
    supportedBy: ['E08', 'E09', 'E10', 'E11', 'E13', 'R7303', 'E282'],
    suggestedCode: 'E119',
    confidence: 'medium',
    rationale:
      'Labelled for type 2 diabetes; also prescribed for prediabetes (R73.03) and polycystic ovary syndrome (E28.2), which count as support.',
    sources: [
      FDA_LABELS,
      ATC('A10BA'),
      'ADA Standards of Care in Diabetes 2025, section 3 (metformin for prediabetes)',
    ],
  },
  {
    id: 'sglt2-glp1-diabetes',
    condition: 'Diabetes mellitus',
    drugClass: 'SGLT2 inhibitors and GLP-1 receptor agonists (ATC A10BK, A10BJ)',
    ingredients: [
      'empagliflozin',
      'dapagliflozin',
      'canagliflozin',
      'ertugliflozin',
      'semaglutide',
      'liraglutide',
      'dulaglutide',
      'exenatide',
      'tirzepatide',
    ],
    supportedBy: ['E08', 'E09', 'E10', 'E11', 'E13'],
    suggestedCode: 'E119',
    confidence: 'low',
    rationale:
      'Labelled for type 2 diabetes, but several also for heart failure, chronic kidney disease, cardiovascular risk reduction or obesity.',
    sources: [FDA_LABELS, ATC('A10BK, A10BJ')],
  },
  {
    id: 'anticoagulant-af-vte',
    condition: 'Atrial fibrillation or venous thromboembolism',
    drugClass:
      'Direct factor Xa and thrombin inhibitors, vitamin K antagonists (ATC B01AF, B01AE07, B01AA03)',
    ingredients: ['apixaban', 'rivaroxaban', 'edoxaban', 'dabigatran', 'warfarin'],
    supportedBy: [
      'I48',
      'I26',
      'I80',
      'I81',
      'I82',
      'Z8671',
      'Z86718',
      'Z952',
      'Z953',
      'Z954',
      'I05',
      'I34',
      'I35',
    ],
    suggestedCode: 'I4891',
    confidence: 'medium',
    rationale:
      'Labelled for stroke prevention in non-valvular atrial fibrillation and for treating or preventing DVT/PE (warfarin also for heart valves); AF is the commonest indication in Medicare, so it prices the gap.',
    sources: [FDA_LABELS, ATC('B01AF, B01AE07, B01AA03')],
  },
  {
    id: 'antidementia-dementia',
    condition: 'Dementia',
    drugClass: 'Anticholinesterases and memantine (ATC N06DA, N06DX01)',
    ingredients: ['donepezil', 'rivastigmine', 'galantamine', 'memantine'],
    supportedBy: ['F01', 'F02', 'F03', 'G30', 'G310', 'G311', 'G3183', 'G3184', 'F067'],
    suggestedCode: 'F0390',
    confidence: 'high',
    rationale:
      "Labelled for dementia of the Alzheimer's type (rivastigmine also for Parkinson's disease dementia).",
    sources: [FDA_LABELS, ATC('N06DA, N06DX01')],
  },
  {
    id: 'lama-copd',
    condition: 'Chronic obstructive pulmonary disease',
    drugClass: 'Inhaled long-acting muscarinic antagonists (ATC R03BB, R03AL)',
    ingredients: [
      'tiotropium',
      'umeclidinium',
      'aclidinium',
      'glycopyrrolate',
      'glycopyrronium',
      'revefenacin',
    ],
    supportedBy: ['J41', 'J42', 'J43', 'J44', 'J45', 'J47', 'J84'],
    suggestedCode: 'J449',
    confidence: 'high',
    rationale:
      'Inhaled long-acting antimuscarinics are labelled for maintenance treatment of COPD (tiotropium also for asthma, counted as support).',
    sources: [FDA_LABELS, ATC('R03BB, R03AL'), 'GOLD 2025 Report, chapter 3 (maintenance bronchodilators)'],
  },
  {
    id: 'laba-copd',
    condition: 'Chronic obstructive pulmonary disease',
    drugClass: 'Inhaled long-acting beta-2 agonists, alone or with a corticosteroid (ATC R03AC, R03AK)',
    ingredients: ['salmeterol', 'formoterol', 'arformoterol', 'vilanterol', 'olodaterol', 'indacaterol'],
    supportedBy: ['J41', 'J42', 'J43', 'J44', 'J45', 'J47', 'J84'],
    suggestedCode: 'J449',
    confidence: 'medium',
    rationale: 'Labelled for COPD and for asthma; either diagnosis supports the fill.',
    sources: [FDA_LABELS, ATC('R03AC, R03AK'), 'GOLD 2025 Report, chapter 3 (maintenance bronchodilators)'],
  },
  {
    id: 'levodopa-parkinson',
    condition: "Parkinson's disease",
    drugClass: 'Dopa and dopa derivatives, MAO-B inhibitors (ATC N04BA, N04BD)',
    ingredients: ['levodopa', 'carbidopa', 'rasagiline', 'safinamide', 'entacapone', 'opicapone'],
    supportedBy: ['G20', 'G21', 'G22', 'G23', 'G25', 'G31'],
    suggestedCode: 'G20A1',
    confidence: 'high',
    rationale: "Labelled only for Parkinson's disease and parkinsonism.",
    sources: [FDA_LABELS, ATC('N04BA, N04BD, N04BX')],
  },
  {
    id: 'lithium-bipolar',
    condition: 'Bipolar disorder',
    drugClass: 'Lithium (ATC N05AN01)',
    ingredients: ['lithium'],
    supportedBy: ['F30', 'F31', 'F25', 'F32', 'F33', 'F34'],
    suggestedCode: 'F319',
    confidence: 'high',
    rationale: 'Labelled for the acute and maintenance treatment of bipolar I disorder.',
    sources: [FDA_LABELS, ATC('N05AN01')],
  },
  {
    id: 'clozapine-schizophrenia',
    condition: 'Schizophrenia',
    drugClass: 'Clozapine (ATC N05AH02)',
    ingredients: ['clozapine'],
    supportedBy: ['F20', 'F21', 'F22', 'F25', 'F28', 'F29', 'F31'],
    suggestedCode: 'F200',
    confidence: 'high',
    rationale:
      'Labelled for treatment-resistant schizophrenia and suicidal behaviour in schizoaffective disorder.',
    sources: [FDA_LABELS, ATC('N05AH02')],
  },
  {
    id: 'antiretroviral-hiv',
    condition: 'HIV infection',
    drugClass: 'Antiretroviral treatment regimens (ATC J05AR, J05AJ)',
    ingredients: [
      'bictegravir',
      'dolutegravir',
      'raltegravir',
      'elvitegravir',
      'darunavir',
      'rilpivirine',
      'efavirenz',
    ],
    // Emtricitabine with tenofovir alone may be pre-exposure prophylaxis; the rule names only treatment drugs.
    supportedBy: ['B20', 'Z21', 'O987'],
    suggestedCode: 'B20',
    confidence: 'high',
    rationale:
      'Integrase, protease and non-nucleoside inhibitors are labelled for treating HIV-1 infection, never prophylaxis alone.',
    sources: [FDA_LABELS, ATC('J05AR, J05AJ, J05AE, J05AG')],
  },
  {
    id: 'phosphate-binder-ckd',
    condition: 'Chronic kidney disease, stage 4 or worse',
    drugClass: 'Phosphate binders (ATC V03AE)',
    ingredients: ['sevelamer', 'lanthanum', 'ferric citrate', 'sucroferric'],
    supportedBy: ['N184', 'N185', 'N186', 'Z992', 'Z49', 'I12', 'I13', 'Z940'],
    suggestedCode: 'N184',
    confidence: 'medium',
    rationale:
      'Labelled for hyperphosphataemia in chronic kidney disease on dialysis (some also before dialysis); priced at stage 4, the least severe stage they imply.',
    sources: [FDA_LABELS, ATC('V03AE')],
  },
  {
    id: 'sacubitril-heart-failure',
    condition: 'Heart failure',
    drugClass: 'Angiotensin receptor-neprilysin inhibitor (ATC C09DX04)',
    ingredients: ['sacubitril'],
    supportedBy: ['I50', 'I11', 'I13', 'I42', 'I43'],
    suggestedCode: 'I509',
    confidence: 'high',
    rationale: 'Sacubitril/valsartan is labelled only for chronic heart failure.',
    sources: [FDA_LABELS, ATC('C09DX04')],
  },
  {
    id: 'hormonal-breast-cancer',
    condition: 'Breast cancer',
    drugClass: 'Anti-oestrogens and aromatase inhibitors (ATC L02BA, L02BG)',
    ingredients: ['tamoxifen', 'anastrozole', 'letrozole', 'exemestane', 'fulvestrant'],
    supportedBy: ['C50', 'D05', 'Z853', 'Z1501'],
    suggestedCode: 'C50919',
    confidence: 'medium',
    rationale:
      'Labelled for breast cancer treatment and risk reduction; a patient on adjuvant therapy is coded as having the cancer, but tamoxifen is also given for prevention.',
    sources: [
      FDA_LABELS,
      ATC('L02BA, L02BG'),
      'ICD-10-CM Official Guidelines FY2026, I.C.2.d (current malignancy)',
    ],
  },
]

/** The rules a drug name matches: any ingredient as a whole word, and none of the exclusion words. */
export function rulesForDrug(drugName: string | null): SuspectRule[] {
  if (!drugName) return []
  const words = ` ${drugName.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `
  const has = (term: string) => words.includes(` ${term} `)
  return SUSPECT_RULES.filter((rule) => rule.ingredients.some(has) && !(rule.excludeWhen ?? []).some(has))
}

/** True when a normalised ICD-10-CM code supports the rule's condition. */
export const supportsRule = (rule: SuspectRule, code: string): boolean =>
  rule.supportedBy.some((prefix) => code.startsWith(prefix))
