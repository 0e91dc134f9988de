// Curated ICD-10-CM codes (no dots, upper-case descriptions, as Blue Button emits them).
// Every code in `conditionCodes` is checked against CMS's PY2026 mapping table by
// scripts/curate-codes.ts; `icd10-hcc-extra.json` adds more HCC-mapped codes from that table
// without descriptions, because real Blue Button claims often carry a code with no display.

export type IcdCode = { readonly code: string; readonly display?: string }

export type ConditionKey =
  | 'diabetes'
  | 'heartFailure'
  | 'ckd'
  | 'esrd'
  | 'copd'
  | 'afib'
  | 'vascular'
  | 'stroke'
  | 'depression'
  | 'seriousMentalIllness'
  | 'substanceUse'
  | 'dementia'
  | 'neuro'
  | 'breastCancer'
  | 'lungCancer'
  | 'otherCancer'
  | 'rheumatoid'
  | 'morbidObesity'
  | 'liver'
  | 'hiv'
  | 'amputation'
  | 'frailty'

export const conditionCodes: Readonly<Record<ConditionKey, readonly IcdCode[]>> = {
  diabetes: [
    { code: 'E119', display: 'TYPE 2 DIABETES MELLITUS WITHOUT COMPLICATIONS' },
    { code: 'E1122', display: 'TYPE 2 DIABETES MELLITUS WITH DIABETIC CHRONIC KIDNEY DISEASE' },
    { code: 'E1165', display: 'TYPE 2 DIABETES MELLITUS WITH HYPERGLYCEMIA' },
    { code: 'E1140', display: 'TYPE 2 DIABETES MELLITUS WITH DIABETIC NEUROPATHY, UNSPECIFIED' },
    { code: 'E1142', display: 'TYPE 2 DIABETES MELLITUS WITH DIABETIC POLYNEUROPATHY' },
    {
      code: 'E1151',
      display: 'TYPE 2 DIABETES MELLITUS WITH DIABETIC PERIPHERAL ANGIOPATHY WITHOUT GANGRENE',
    },
    { code: 'E1169', display: 'TYPE 2 DIABETES MELLITUS WITH OTHER SPECIFIED COMPLICATION' },
    { code: 'E1121', display: 'TYPE 2 DIABETES MELLITUS WITH DIABETIC NEPHROPATHY' },
    { code: 'E109', display: 'TYPE 1 DIABETES MELLITUS WITHOUT COMPLICATIONS' },
  ],
  heartFailure: [
    { code: 'I5022', display: 'CHRONIC SYSTOLIC (CONGESTIVE) HEART FAILURE' },
    { code: 'I5032', display: 'CHRONIC DIASTOLIC (CONGESTIVE) HEART FAILURE' },
    {
      code: 'I5042',
      display: 'CHRONIC COMBINED SYSTOLIC (CONGESTIVE) AND DIASTOLIC (CONGESTIVE) HEART FAILURE',
    },
    { code: 'I509', display: 'HEART FAILURE, UNSPECIFIED' },
    { code: 'I110', display: 'HYPERTENSIVE HEART DISEASE WITH HEART FAILURE' },
    { code: 'I5023', display: 'ACUTE ON CHRONIC SYSTOLIC (CONGESTIVE) HEART FAILURE' },
  ],
  ckd: [
    { code: 'N1830', display: 'CHRONIC KIDNEY DISEASE, STAGE 3 UNSPECIFIED' },
    { code: 'N1831', display: 'CHRONIC KIDNEY DISEASE, STAGE 3A' },
    { code: 'N1832', display: 'CHRONIC KIDNEY DISEASE, STAGE 3B' },
    { code: 'N184', display: 'CHRONIC KIDNEY DISEASE, STAGE 4 (SEVERE)' },
    { code: 'D631', display: 'ANEMIA IN CHRONIC KIDNEY DISEASE' },
  ],
  esrd: [
    { code: 'N186', display: 'END STAGE RENAL DISEASE' },
    { code: 'N185', display: 'CHRONIC KIDNEY DISEASE, STAGE 5' },
    { code: 'Z992', display: 'DEPENDENCE ON RENAL DIALYSIS' },
    { code: 'N2581', display: 'SECONDARY HYPERPARATHYROIDISM OF RENAL ORIGIN' },
  ],
  copd: [
    { code: 'J449', display: 'CHRONIC OBSTRUCTIVE PULMONARY DISEASE, UNSPECIFIED' },
    { code: 'J441', display: 'CHRONIC OBSTRUCTIVE PULMONARY DISEASE WITH (ACUTE) EXACERBATION' },
    { code: 'J439', display: 'EMPHYSEMA, UNSPECIFIED' },
    { code: 'J9611', display: 'CHRONIC RESPIRATORY FAILURE WITH HYPOXIA' },
  ],
  afib: [
    { code: 'I4891', display: 'UNSPECIFIED ATRIAL FIBRILLATION' },
    { code: 'I4820', display: 'CHRONIC ATRIAL FIBRILLATION, UNSPECIFIED' },
    { code: 'I480', display: 'PAROXYSMAL ATRIAL FIBRILLATION' },
  ],
  vascular: [
    { code: 'I739', display: 'PERIPHERAL VASCULAR DISEASE, UNSPECIFIED' },
    {
      code: 'I70213',
      display:
        'ATHEROSCLEROSIS OF NATIVE ARTERIES OF EXTREMITIES WITH INTERMITTENT CLAUDICATION, BILATERAL LEGS',
    },
    {
      code: 'I2510',
      display: 'ATHEROSCLEROTIC HEART DISEASE OF NATIVE CORONARY ARTERY WITHOUT ANGINA PECTORIS',
    },
    { code: 'I252', display: 'OLD MYOCARDIAL INFARCTION' },
    { code: 'I209', display: 'ANGINA PECTORIS, UNSPECIFIED' },
  ],
  stroke: [
    { code: 'I639', display: 'CEREBRAL INFARCTION, UNSPECIFIED' },
    {
      code: 'I69351',
      display: 'HEMIPLEGIA AND HEMIPARESIS FOLLOWING CEREBRAL INFARCTION AFFECTING RIGHT DOMINANT SIDE',
    },
  ],
  depression: [
    { code: 'F329', display: 'MAJOR DEPRESSIVE DISORDER, SINGLE EPISODE, UNSPECIFIED' },
    { code: 'F331', display: 'MAJOR DEPRESSIVE DISORDER, RECURRENT, MODERATE' },
    { code: 'F332', display: 'MAJOR DEPRESSIVE DISORDER, RECURRENT SEVERE WITHOUT PSYCHOTIC FEATURES' },
  ],
  seriousMentalIllness: [
    { code: 'F209', display: 'SCHIZOPHRENIA, UNSPECIFIED' },
    { code: 'F250', display: 'SCHIZOAFFECTIVE DISORDER, BIPOLAR TYPE' },
    { code: 'F319', display: 'BIPOLAR DISORDER, UNSPECIFIED' },
  ],
  substanceUse: [
    { code: 'F1020', display: 'ALCOHOL DEPENDENCE, UNCOMPLICATED' },
    { code: 'F1120', display: 'OPIOID DEPENDENCE, UNCOMPLICATED' },
  ],
  dementia: [{ code: 'G309', display: "ALZHEIMER'S DISEASE, UNSPECIFIED" }, { code: 'F0390' }],
  neuro: [
    { code: 'G40909', display: 'EPILEPSY, UNSPECIFIED, NOT INTRACTABLE, WITHOUT STATUS EPILEPTICUS' },
    { code: 'G20A1' },
  ],
  breastCancer: [
    { code: 'C50911', display: 'MALIGNANT NEOPLASM OF UNSPECIFIED SITE OF RIGHT FEMALE BREAST' },
    { code: 'C7951', display: 'SECONDARY MALIGNANT NEOPLASM OF BONE' },
  ],
  lungCancer: [
    { code: 'C3490', display: 'MALIGNANT NEOPLASM OF UNSPECIFIED PART OF UNSPECIFIED BRONCHUS OR LUNG' },
    { code: 'C787', display: 'SECONDARY MALIGNANT NEOPLASM OF LIVER AND INTRAHEPATIC BILE DUCT' },
  ],
  otherCancer: [
    { code: 'C61', display: 'MALIGNANT NEOPLASM OF PROSTATE' },
    { code: 'C189', display: 'MALIGNANT NEOPLASM OF COLON, UNSPECIFIED' },
    { code: 'C9000', display: 'MULTIPLE MYELOMA NOT HAVING ACHIEVED REMISSION' },
  ],
  rheumatoid: [
    { code: 'M069', display: 'RHEUMATOID ARTHRITIS, UNSPECIFIED' },
    { code: 'M3210', display: 'SYSTEMIC LUPUS ERYTHEMATOSUS, ORGAN OR SYSTEM INVOLVEMENT UNSPECIFIED' },
  ],
  morbidObesity: [
    { code: 'E6601', display: 'MORBID (SEVERE) OBESITY DUE TO EXCESS CALORIES' },
    { code: 'Z6841', display: 'BODY MASS INDEX [BMI] 40.0-44.9, ADULT' },
  ],
  liver: [
    { code: 'K7030', display: 'ALCOHOLIC CIRRHOSIS OF LIVER WITHOUT ASCITES' },
    { code: 'K7460', display: 'UNSPECIFIED CIRRHOSIS OF LIVER' },
  ],
  hiv: [{ code: 'B20', display: 'HUMAN IMMUNODEFICIENCY VIRUS [HIV] DISEASE' }],
  amputation: [{ code: 'Z89511', display: 'ACQUIRED ABSENCE OF RIGHT LEG BELOW KNEE' }],
  frailty: [
    { code: 'L89153', display: 'PRESSURE ULCER OF SACRAL REGION, STAGE 3' },
    { code: 'E43', display: 'UNSPECIFIED SEVERE PROTEIN-CALORIE MALNUTRITION' },
  ],
}

// Acute problems that send someone to hospital; used as inpatient principal diagnoses.
export const acuteCodes: readonly IcdCode[] = [
  { code: 'A419', display: 'SEPSIS, UNSPECIFIED ORGANISM' },
  { code: 'J189', display: 'PNEUMONIA, UNSPECIFIED ORGANISM' },
  { code: 'J690', display: 'PNEUMONITIS DUE TO INHALATION OF FOOD AND VOMIT' },
  { code: 'N390', display: 'URINARY TRACT INFECTION, SITE NOT SPECIFIED' },
  { code: 'I214', display: 'NON-ST ELEVATION (NSTEMI) MYOCARDIAL INFARCTION' },
  { code: 'I2699', display: 'OTHER PULMONARY EMBOLISM WITHOUT ACUTE COR PULMONALE' },
  {
    code: 'S72001A',
    display: 'FRACTURE OF UNSPECIFIED PART OF NECK OF RIGHT FEMUR, INITIAL ENCOUNTER FOR CLOSED FRACTURE',
  },
  { code: 'E871', display: 'HYPO-OSMOLALITY AND HYPONATREMIA' },
]

// Everyday diagnoses that carry no CMS-HCC weight (some map to RxHCCs).
export const commonCodes: readonly IcdCode[] = [
  { code: 'I10', display: 'ESSENTIAL (PRIMARY) HYPERTENSION' },
  { code: 'E785', display: 'HYPERLIPIDEMIA, UNSPECIFIED' },
  { code: 'E782', display: 'MIXED HYPERLIPIDEMIA' },
  { code: 'E039', display: 'HYPOTHYROIDISM, UNSPECIFIED' },
  { code: 'K219', display: 'GASTRO-ESOPHAGEAL REFLUX DISEASE WITHOUT ESOPHAGITIS' },
  { code: 'M170', display: 'BILATERAL PRIMARY OSTEOARTHRITIS OF KNEE' },
  { code: 'M1711', display: 'UNILATERAL PRIMARY OSTEOARTHRITIS, RIGHT KNEE' },
  { code: 'M5450', display: 'LOW BACK PAIN, UNSPECIFIED' },
  { code: 'M542', display: 'CERVICALGIA' },
  { code: 'M797', display: 'FIBROMYALGIA' },
  { code: 'M810', display: 'AGE-RELATED OSTEOPOROSIS WITHOUT CURRENT PATHOLOGICAL FRACTURE' },
  { code: 'R0600', display: 'DYSPNEA, UNSPECIFIED' },
  { code: 'R079', display: 'CHEST PAIN, UNSPECIFIED' },
  { code: 'R42', display: 'DIZZINESS AND GIDDINESS' },
  { code: 'R5383', display: 'OTHER FATIGUE' },
  { code: 'R609', display: 'EDEMA, UNSPECIFIED' },
  { code: 'R296', display: 'REPEATED FALLS' },
  { code: 'J069', display: 'ACUTE UPPER RESPIRATORY INFECTION, UNSPECIFIED' },
  { code: 'J209', display: 'ACUTE BRONCHITIS, UNSPECIFIED' },
  { code: 'H2513', display: 'AGE-RELATED NUCLEAR CATARACT, BILATERAL' },
  { code: 'H409', display: 'UNSPECIFIED GLAUCOMA' },
  { code: 'H6123', display: 'IMPACTED CERUMEN, BILATERAL' },
  { code: 'Z0000', display: 'ENCOUNTER FOR GENERAL ADULT MEDICAL EXAMINATION WITHOUT ABNORMAL FINDINGS' },
  { code: 'Z23', display: 'ENCOUNTER FOR IMMUNIZATION' },
  { code: 'Z1231', display: 'ENCOUNTER FOR SCREENING MAMMOGRAM FOR MALIGNANT NEOPLASM OF BREAST' },
  { code: 'Z1211', display: 'ENCOUNTER FOR SCREENING FOR MALIGNANT NEOPLASM OF COLON' },
  { code: 'Z79899', display: 'OTHER LONG TERM (CURRENT) DRUG THERAPY' },
  { code: 'Z7901', display: 'LONG TERM (CURRENT) USE OF ANTICOAGULANTS' },
  { code: 'Z794', display: 'LONG TERM (CURRENT) USE OF INSULIN' },
  { code: 'Z87891', display: 'PERSONAL HISTORY OF NICOTINE DEPENDENCE' },
  { code: 'F17210', display: 'NICOTINE DEPENDENCE, CIGARETTES, UNCOMPLICATED' },
  { code: 'F411', display: 'GENERALIZED ANXIETY DISORDER' },
  { code: 'G4733', display: 'OBSTRUCTIVE SLEEP APNEA (ADULT) (PEDIATRIC)' },
  { code: 'G4700', display: 'INSOMNIA, UNSPECIFIED' },
  { code: 'L570', display: 'ACTINIC KERATOSIS' },
  { code: 'B351', display: 'TINEA UNGUIUM' },
  { code: 'E559', display: 'VITAMIN D DEFICIENCY, UNSPECIFIED' },
  { code: 'D509', display: 'IRON DEFICIENCY ANEMIA, UNSPECIFIED' },
  { code: 'D649', display: 'ANEMIA, UNSPECIFIED' },
  { code: 'R7303', display: 'PREDIABETES' },
  { code: 'N401', display: 'BENIGN PROSTATIC HYPERPLASIA WITH LOWER URINARY TRACT SYMPTOMS' },
  { code: 'N3281', display: 'OVERACTIVE BLADDER' },
  { code: 'K5900', display: 'CONSTIPATION, UNSPECIFIED' },
  { code: 'M25561', display: 'PAIN IN RIGHT KNEE' },
  { code: 'M25511', display: 'PAIN IN RIGHT SHOULDER' },
  { code: 'Z9181', display: 'HISTORY OF FALLING' },
  { code: 'Z955', display: 'PRESENCE OF CORONARY ANGIOPLASTY IMPLANT AND GRAFT' },
  { code: 'Z96641', display: 'PRESENCE OF RIGHT ARTIFICIAL HIP JOINT' },
  { code: 'Z96651', display: 'PRESENCE OF RIGHT ARTIFICIAL KNEE JOINT' },
  { code: 'Z853', display: 'PERSONAL HISTORY OF MALIGNANT NEOPLASM OF BREAST' },
  {
    code: 'Z8673',
    display:
      'PERSONAL HISTORY OF TRANSIENT ISCHEMIC ATTACK (TIA), AND CEREBRAL INFARCTION WITHOUT RESIDUAL DEFICITS',
  },
  { code: 'Z515', display: 'ENCOUNTER FOR PALLIATIVE CARE' },
  { code: 'Z66', display: 'DO NOT RESUSCITATE' },
]
