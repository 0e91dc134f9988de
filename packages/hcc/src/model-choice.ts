// Which Part C model scores a beneficiary: CMS pays beneficiaries with end-stage renal disease under
// the ESRD model (dialysis, transplant months, functioning graft) and everyone else under CMS-HCC.
// The Part D score (RxHCC) applies to both; ESRD status only changes new enrollees' cells there.

/** What Medicare records about ESRD (Blue Button Coverage extensions `ms_cd` and `esrd_ind`). */
export interface EsrdStatusSource {
  /** Medicare status code: 10 aged, 11 aged with ESRD, 20 disabled, 21 disabled with ESRD, 31 ESRD only. */
  msCode?: string | null
  /** ESRD indicator: 'Y' when the beneficiary has ESRD, '0' or 'N' when not. */
  esrdIndicator?: string | null
}

const ESRD_MS_CODES = new Set(['11', '21', '31'])
const NON_ESRD_MS_CODES = new Set(['10', '20'])

/** True or false when the data says, null when it carries neither field (or only unknown values). */
export function esrdStatus(source: EsrdStatusSource): boolean | null {
  const ms = (source.msCode ?? '').trim()
  const ind = (source.esrdIndicator ?? '').trim().toUpperCase()
  if (ESRD_MS_CODES.has(ms) || ind === 'Y') return true
  if (NON_ESRD_MS_CODES.has(ms) || ind === '0' || ind === 'N') return false
  return null
}

export type PartCModel = 'CMS-HCC' | 'ESRD-V24'

export interface ModelChoice {
  model: PartCModel
  /** The ESRD status the choice rests on (null: not in the data, so CMS-HCC by default). */
  esrd: boolean | null
  reason: string
}

/** The Part C model for a beneficiary from Medicare's ESRD status. */
export function choosePartCModel(source: EsrdStatusSource): ModelChoice {
  const esrd = esrdStatus(source)
  if (esrd === true)
    return { model: 'ESRD-V24', esrd, reason: 'Medicare records ESRD status: scored with the ESRD model' }
  if (esrd === false) return { model: 'CMS-HCC', esrd, reason: 'Medicare records no ESRD status' }
  return {
    model: 'CMS-HCC',
    esrd,
    reason:
      'ESRD status not in the data: scored with CMS-HCC, which understates the score of a beneficiary with ESRD',
  }
}
