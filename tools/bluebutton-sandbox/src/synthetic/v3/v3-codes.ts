// The code systems and profiles of Blue Button v3 (BFD's v3 server, CARIN Blue Button 2.2.0), as its recorded
// answers use them, and the v3 code of each v2 amount variable the synthetic claims carry.
import { ADJUDICATION, C4BB, coding, type JsonObject } from '../fhir.ts'

export const V3_CODESYSTEM = 'https://bluebutton.cms.gov/fhir/CodeSystem'
export const V3_ADJUDICATION = `${V3_CODESYSTEM}/Adjudication`
export const V3_SUPPORTING_INFO = `${V3_CODESYSTEM}/Supporting-Information`
export const HCPCS_RELEASE = 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets'
export const NUBC = 'https://www.nubc.org/CodeSystem'
export const PLACE_OF_SERVICE =
  'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set'
export const MS_DRG =
  'https://www.cms.gov/Medicare/Medicare-Fee-for-Service-Payment/AcuteInpatientPPS/MS-DRG-Classifications-and-Software'
export const US_MBI = 'http://hl7.org/fhir/sid/us-mbi'
export const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203'

const CARIN_VERSION = '2.2.0'
const US_CORE_VERSION = '7.0.0'

/** A CARIN Blue Button profile as v3 names it, pinned to the version it conforms to. */
export const carinProfile = (name: string): string =>
  `${C4BB}/StructureDefinition/C4BB-${name}|${CARIN_VERSION}`
export const usCoreProfile = (name: string): string =>
  `http://hl7.org/fhir/us/core/StructureDefinition/us-core-${name}|${US_CORE_VERSION}`

export const npiIdentifierType: JsonObject = {
  coding: [coding(V2_0203, 'NPI', 'National provider identifier')],
}

type Carin = readonly [system: string, code: string, display: string]

/** Where v3 states an amount: on the line (`item.adjudication`) or on the claim (`total`). */
export type V3Amount = { readonly code: string; readonly display: string; readonly claim?: true }

const line = (code: string, display: string): V3Amount => ({ code, display })
const claim = (code: string, display: string): V3Amount => ({ code, display, claim: true })

// From the ccwMapping column of CMS's v3 data dictionary: the v3 column that replaces each v2 variable. A
// Part D fill's covered plan payment is the line's covered paid amount, as its non-covered one is
// CLM_LINE_NCVRD_PD_AMT; the patient's payment is stated for the whole event, as BFD's v3 answers show.
export const V3_AMOUNTS: Readonly<Record<string, V3Amount>> = {
  line_nch_pmt_amt: line('CLM_LINE_CVRD_PD_AMT', 'Payment Amount'),
  line_bene_pmt_amt: line('CLM_LINE_BENE_PD_AMT', 'Payment Amount to Beneficiary'),
  line_prvdr_pmt_amt: line('CLM_LINE_PRVDR_PMT_AMT', 'Line Provider Payment Amount'),
  line_bene_ptb_ddctbl_amt: line('CLM_LINE_MDCR_DDCTBL_AMT', 'Cash Deductible Amount'),
  line_bene_prmry_pyr_pd_amt: line('CLM_BENE_PRMRY_PYR_PD_AMT', 'Line Primary Payer Paid Amount'),
  line_coinsrnc_amt: line('CLM_LINE_MDCR_COINSRNC_AMT', 'Coinsurance Amount'),
  line_sbmtd_chrg_amt: line('CLM_LINE_SBMT_CHRG_AMT', 'Line Submitted Charge Amount'),
  line_alowd_chrg_amt: line('CLM_LINE_ALOWD_CHRG_AMT', 'Line Allowed Charge Amount'),
  rev_cntr_tot_chrg_amt: line('CLM_LINE_SBMT_CHRG_AMT', 'Line Submitted Charge Amount'),
  rev_cntr_ncvrd_chrg_amt: line('CLM_LINE_NCVRD_CHRG_AMT', 'Non-Covered Charge Amount'),
  rev_cntr_cash_ddctbl_amt: line('CLM_LINE_MDCR_DDCTBL_AMT', 'Cash Deductible Amount'),
  rev_cntr_ptnt_rspnsblty_pmt: line('CLM_LINE_BENE_PMT_AMT', 'Paid By Beneficiary Amount'),
  rev_cntr_prvdr_pmt_amt: line('CLM_LINE_PRVDR_PMT_AMT', 'Line Provider Payment Amount'),
  rev_cntr_pmt_amt_amt: line('CLM_LINE_CVRD_PD_AMT', 'Payment Amount'),
  cvrd_d_plan_pd_amt: line('CLM_LINE_CVRD_PD_AMT', 'Payment Amount'),
  gdc_blw_oopt_amt: line('CLM_LINE_GRS_BLW_THRSHLD_AMT', 'Gross Drug Cost Below Threshold Amount'),
  gdc_abv_oopt_amt: line('CLM_LINE_GRS_ABOVE_THRSHLD_AMT', 'Gross Drug Cost Above Threshold Amount'),
  othr_troop_amt: line('CLM_LINE_OTHR_TP_PD_AMT', 'Other True Out-of-Pocket Paid Amount'),
  lics_amt: line('CLM_LINE_LIS_AMT', 'Low Income Subsidy Amount'),
  plro_amt: line('CLM_LINE_PLRO_AMT', 'Patient Liability Reduction Other Paid Amount'),
  rptd_gap_dscnt_num: line('CLM_LINE_RPTD_GAP_DSCNT_AMT', 'Reported Gap Discount Amount'),
  tot_rx_cst_amt: line('TOT_RX_CST_AMT', 'Total RX Cost Amount'),
  ptnt_pay_amt: claim('CLM_BENE_PMT_AMT', 'Paid By Beneficiary Amount'),
  clm_tot_chrg_amt: claim('CLM_SBMT_CHRG_AMT', 'Total Charge Amount'),
  nch_carr_clm_sbmtd_chrg_amt: claim('CLM_SBMT_CHRG_AMT', 'Total Charge Amount'),
  nch_carr_clm_alowd_amt: claim('CLM_ALOWD_CHRG_AMT', 'Allowed Charge Amount'),
}

/** The CARIN category of claim-level sums v2 kept in benefitBalance (which has no CARIN coding). */
export const BALANCE_CATEGORY: Readonly<Record<string, Carin>> = {
  nch_carr_clm_sbmtd_chrg_amt: ADJUDICATION.submitted,
  nch_carr_clm_alowd_amt: ADJUDICATION.eligible,
}
