import type { ConditionKey } from './icd10.ts'

// Part D products: 11-digit NDCs (labeler-product-package, no dashes) with the display style of
// Blue Button's PDE lines ("Proprietary - NONPROPRIETARY"). The first ten come from CMS's own
// BBUser29999 sample; the others use real labeler codes. `display` is absent on some, as in the
// sandbox, so clients must cope with an NDC that has no name.

export type Drug = {
  readonly ndc: string
  readonly display?: string
  readonly daysSupply: 30 | 90
  readonly quantity: number
  readonly brand: boolean
  readonly forCondition?: ConditionKey
}

export const drugs: readonly Drug[] = [
  { ndc: '67877022305', display: 'Gabapentin - GABAPENTIN', daysSupply: 30, quantity: 90, brand: false },
  {
    ndc: '60505257908',
    display: 'ATORVASTATIN CALCIUM - ATORVASTATIN CALCIUM PROPYLENE GLYCOL SOLVATE',
    daysSupply: 90,
    quantity: 90,
    brand: false,
  },
  { ndc: '68180047903', display: 'SIMVASTATIN - SIMVASTATIN', daysSupply: 30, quantity: 30, brand: false },
  { ndc: '16252060144', daysSupply: 30, quantity: 30, brand: false },
  {
    ndc: '00378395277',
    display: 'Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE',
    daysSupply: 90,
    quantity: 90,
    brand: false,
  },
  { ndc: '59762154003', daysSupply: 30, quantity: 30, brand: false },
  {
    ndc: '57237001930',
    display: 'Duloxetine - DULOXETINE HYDROCHLORIDE',
    daysSupply: 30,
    quantity: 30,
    brand: false,
    forCondition: 'depression',
  },
  {
    ndc: '00093104801',
    display: 'Metformin Hydrochloride - METFORMIN HYDROCHLORIDE',
    daysSupply: 90,
    quantity: 180,
    brand: false,
    forCondition: 'diabetes',
  },
  {
    ndc: '00006027731',
    display: 'Januvia - SITAGLIPTIN PHOSPHATE',
    daysSupply: 30,
    quantity: 30,
    brand: true,
    forCondition: 'diabetes',
  },
  {
    ndc: '00088222033',
    display: 'Lantus - INSULIN GLARGINE',
    daysSupply: 30,
    quantity: 10,
    brand: true,
    forCondition: 'diabetes',
  },
  {
    ndc: '00003089421',
    display: 'Eliquis - APIXABAN',
    daysSupply: 30,
    quantity: 60,
    brand: true,
    forCondition: 'afib',
  },
  {
    ndc: '00378018201',
    display: 'Metoprolol Succinate - METOPROLOL SUCCINATE',
    daysSupply: 90,
    quantity: 90,
    brand: false,
    forCondition: 'heartFailure',
  },
  {
    ndc: '00054429731',
    display: 'Furosemide - FUROSEMIDE',
    daysSupply: 30,
    quantity: 60,
    brand: false,
    forCondition: 'heartFailure',
  },
  {
    ndc: '00078065961',
    display: 'Entresto - SACUBITRIL AND VALSARTAN',
    daysSupply: 30,
    quantity: 60,
    brand: true,
    forCondition: 'heartFailure',
  },
  { ndc: '68180051301', display: 'Lisinopril - LISINOPRIL', daysSupply: 90, quantity: 90, brand: false },
  {
    ndc: '65862057990',
    display: 'Amlodipine Besylate - AMLODIPINE BESYLATE',
    daysSupply: 90,
    quantity: 90,
    brand: false,
  },
  { ndc: '00781522610', display: 'Omeprazole - OMEPRAZOLE', daysSupply: 30, quantity: 30, brand: false },
  {
    ndc: '00378180510',
    display: 'Levothyroxine Sodium - LEVOTHYROXINE SODIUM',
    daysSupply: 90,
    quantity: 90,
    brand: false,
  },
  {
    ndc: '00173068220',
    display: 'Advair Diskus - FLUTICASONE PROPIONATE AND SALMETEROL',
    daysSupply: 30,
    quantity: 60,
    brand: true,
    forCondition: 'copd',
  },
  {
    ndc: '00597007541',
    display: 'Spiriva - TIOTROPIUM BROMIDE',
    daysSupply: 30,
    quantity: 30,
    brand: true,
    forCondition: 'copd',
  },
  {
    ndc: '00093720101',
    display: 'Sertraline Hydrochloride - SERTRALINE HYDROCHLORIDE',
    daysSupply: 30,
    quantity: 30,
    brand: false,
    forCondition: 'depression',
  },
  {
    ndc: '00378354101',
    display: 'Aripiprazole - ARIPIPRAZOLE',
    daysSupply: 30,
    quantity: 30,
    brand: false,
    forCondition: 'seriousMentalIllness',
  },
  {
    ndc: '00781182101',
    display: 'Quetiapine Fumarate - QUETIAPINE FUMARATE',
    daysSupply: 30,
    quantity: 60,
    brand: false,
    forCondition: 'seriousMentalIllness',
  },
  {
    ndc: '00093222601',
    display: 'Donepezil Hydrochloride - DONEPEZIL HYDROCHLORIDE',
    daysSupply: 30,
    quantity: 30,
    brand: false,
    forCondition: 'dementia',
  },
  {
    ndc: '00093213101',
    display: 'Sevelamer Carbonate - SEVELAMER CARBONATE',
    daysSupply: 30,
    quantity: 270,
    brand: false,
    forCondition: 'esrd',
  },
  {
    ndc: '00054455025',
    display: 'Methotrexate - METHOTREXATE SODIUM',
    daysSupply: 30,
    quantity: 8,
    brand: false,
    forCondition: 'rheumatoid',
  },
  {
    ndc: '00310075139',
    display: 'Tamoxifen Citrate - TAMOXIFEN CITRATE',
    daysSupply: 30,
    quantity: 30,
    brand: false,
    forCondition: 'breastCancer',
  },
  {
    ndc: '61958200101',
    display: 'Biktarvy - BICTEGRAVIR, EMTRICITABINE, AND TENOFOVIR ALAFENAMIDE',
    daysSupply: 30,
    quantity: 30,
    brand: true,
    forCondition: 'hiv',
  },
  {
    ndc: '00093005801',
    display: 'Levetiracetam - LEVETIRACETAM',
    daysSupply: 30,
    quantity: 60,
    brand: false,
    forCondition: 'neuro',
  },
  { ndc: '00904198661', daysSupply: 30, quantity: 30, brand: false },
]
